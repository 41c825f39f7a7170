import { Check, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { Relation } from 'typeorm';
import { User } from '../users/index.js';

/** Someone the user dismissed from "People you may know": never suggested to them again. */
@Check('CHK_suggestion_dismissals_not_self', `"userId" <> "dismissedUserId"`)
@Entity('suggestion_dismissals')
export class SuggestionDismissal {
  @PrimaryColumn({ type: 'uuid' })
  userId: string;

  @PrimaryColumn({ type: 'uuid' })
  dismissedUserId: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => User, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_suggestion_dismissals_userId' })
  user?: Relation<User>;

  @ManyToOne(() => User, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({
    name: 'dismissedUserId',
    foreignKeyConstraintName: 'FK_suggestion_dismissals_dismissedUserId',
  })
  dismissed?: Relation<User>;
}
