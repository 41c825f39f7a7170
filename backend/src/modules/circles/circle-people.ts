import { Injectable } from '@nestjs/common';
import type { Tx } from '../../database/transactor.js';
import { RelationsService } from '../friends/index.js';
import { isVisible, type PersonRow, summarise, UsersService, type ViewerRelation } from '../users/index.js';
import type { CirclePersonDto } from './dto/circle.dto.js';

/** How a viewer sees a set of people: their summaries (profile privacy) and whether their money shows. */
export interface PeopleView {
  person(id: string): CirclePersonDto;
  /** balanceVisibility against how the viewer stands to them (a player's own amounts always show). */
  moneyVisible(id: string): boolean;
}

const GONE: Omit<CirclePersonDto, 'id'> = {
  username: null,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
};

/**
 * People in a circle as a viewer may see them: being in the same circle shares no more than the people's
 * privacy settings already do (users/privacy.ts), so names, pictures and money follow the usual rules.
 */
@Injectable()
export class CirclePeople {
  constructor(
    private readonly users: UsersService,
    private readonly relations: RelationsService,
  ) {}

  async view(viewer: { id: string; isAdmin: boolean }, ids: readonly string[], tx?: Tx): Promise<PeopleView> {
    const unique = [...new Set(ids)];
    const [rows, relations] = await Promise.all([
      this.users.people(unique, tx),
      this.relations.relationsOf(viewer, unique),
    ]);
    const byId = new Map<string, PersonRow>(rows.map((row) => [row.id, row]));
    const relationOf = (id: string): ViewerRelation => relations.get(id) ?? 'stranger';
    return {
      person: (id) => {
        const row = byId.get(id);
        return row ? summarise(row, relationOf(id)) : { id, ...GONE };
      },
      moneyVisible: (id) => {
        const row = byId.get(id);
        return row !== undefined && isVisible(row.privacySettings?.balanceVisibility, relationOf(id));
      },
    };
  }
}
