import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { BET_STATUSES } from '../bet-lifecycle.js';
import type { BetStatus } from '../bet.entity.js';
import { ListQueryDto } from '../../../common/http/list-query.dto.js';

/** The history list: a page of the viewer's bets, newest first, optionally one status or one opponent. */
export class HistoryQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: BET_STATUSES })
  @IsOptional()
  @IsIn(BET_STATUSES, { message: `status must be one of ${BET_STATUSES.join(', ')}` })
  status?: BetStatus;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only bets against this person' })
  @IsOptional()
  @IsUUID('all', { message: 'opponentId must be a user id' })
  opponentId?: string;

  @ApiPropertyOptional({ enum: ['duel', 'pot'], description: 'Only two-person bets, or only group pots' })
  @IsOptional()
  @IsIn(['duel', 'pot'], { message: 'kind must be duel or pot' })
  kind?: 'duel' | 'pot';
}
