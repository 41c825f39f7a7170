import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { Decimal } from 'decimal.js';
import { AuditTrail } from '../audit/index.js';
import { distinctNames } from '../users/index.js';
import { WalletReadService } from '../wallet/index.js';
import { BetReadsRepository, type DisputeRow, type StatementRow } from './bet-reads.repository.js';
import { timelineOf, type Decision } from './bet-timeline.js';
import { BetsReadService } from './bets-read.service.js';
import type { BetDisputeDto, BetPageDto, BetReceiptDto, PartyDisputeHistoryDto } from './dto/bet-page.dto.js';

const BET_MONEY_TYPES = ['bet_stake', 'bet_refund', 'bet_payout', 'payout_reversal'];
const DECISIONS = ['resolve_dispute', 'edit_resolution'];

const RECEIPT_LABEL: Record<string, string> = {
  bet_stake: 'Stake into escrow',
  bet_refund: 'Stake refunded',
  bet_payout: 'Payout',
  payout_reversal: 'Payout reversed',
};

/**
 * What a money move was, in words. A changed decision reverses what the first one paid: a winner's whole
 * pot, or a draw's refund of one stake each, so a reversal of exactly one stake took back a refund.
 */
function receiptLabel(row: { type: string; amount: string }, stake: string): string {
  if (row.type === 'payout_reversal' && new Decimal(row.amount).abs().eq(new Decimal(stake)))
    return 'Refund reversed';
  return RECEIPT_LABEL[row.type] ?? row.type;
}

/**
 * A bet's page: the bet as its lists show it, its timeline, its money moves and its dispute. Only the two
 * parties and admins may see it; everyone else is told it does not exist (the same 404 as an unknown id).
 */
@Injectable()
export class BetPageService {
  constructor(
    private readonly pages: BetReadsRepository,
    private readonly reads: BetsReadService,
    private readonly wallet: WalletReadService,
    private readonly audit: AuditTrail,
  ) {}

  async page(viewer: AuthUser, betId: number): Promise<BetPageDto> {
    const bet = await this.reads.one(viewer, betId);
    const seated = bet.participants.some((seat) => seat.userId === viewer.id);
    const viewerRole =
      bet.creatorId === viewer.id
        ? 'creator'
        : bet.opponentId === viewer.id
          ? 'opponent'
          : seated
            ? 'player'
            : bet.refereeId === viewer.id
              ? 'referee' // reads the bet to take the role and call it; sees no one's money but theirs (none)
              : 'admin';
    // Both parties' feeds: each holds what that party did (a report), and the timeline names who did what.
    const [events, receipts, disputes, decisionRows, statements] = await Promise.all([
      this.pages.activitiesOf(betId),
      this.wallet.betReceipts(betId, BET_MONEY_TYPES, viewerRole === 'admin' ? null : viewer.id),
      this.pages.latestDisputeOf(betId),
      this.audit.decisionsOn(betId, DECISIONS),
      this.pages.statementsOn(betId),
    ]);
    const [dispute] = disputes;
    const parties =
      bet.kind === 'pot'
        ? bet.participants.filter((seat) => seat.joinedAt !== null).map((seat) => seat.userId)
        : [bet.creatorId, bet.opponentId].filter((id): id is string => id !== null);
    const disputeHistory = viewerRole === 'admin' && dispute ? await this.disputeHistory(parties) : [];
    const decisions = decisionRows.map((row): Decision => ({
      at: row.at,
      winnerUserId: row.winnerUserId,
      reason: row.reason,
      changed: row.action === 'edit_resolution',
      outcome: row.outcome,
    }));
    // Everyone the timeline may name: the two parties, a pot's players, the referee.
    const people = new Map(
      [bet.creator, bet.opponent, bet.referee, ...bet.participants.map((seat) => seat.person)]
        .filter((person) => person !== null)
        .map((person) => [person.id, person]),
    );
    const names = distinctNames(
      [...people.values()].map((person) => ({ key: person.id, person, relation: 'self' as const })),
    );
    // The bet's people come already cut to what the viewer may see, so their names are shown as given.
    const nameOf = (userId: string | null) =>
      userId === null ? 'Someone' : userId === viewer.id ? 'You' : (names.get(userId) ?? 'Someone');
    return {
      bet,
      viewerRole,
      timeline: timelineOf({ ...bet, callResult: bet.call?.result ?? null }, events, decisions, nameOf),
      receipts: receipts.map((row): BetReceiptDto => ({
        ...row,
        label: receiptLabel(row, bet.amount),
        createdAt: row.createdAt.toISOString(),
      })),
      dispute: dispute ? this.disputeOf(dispute, decisions, statements) : null,
      disputeHistory,
    };
  }

  /** Each party's disputes won, lost and drawn (BetReadsRepository.disputeCounts); zeros for one never in any. */
  private async disputeHistory(userIds: string[]): Promise<PartyDisputeHistoryDto[]> {
    const rows = await this.pages.disputeCounts(userIds);
    return userIds.map(
      (userId) =>
        rows.find((row) => row.userId === userId) ?? { userId, disputes: 0, won: 0, lost: 0, drawn: 0 },
    );
  }

  private disputeOf(row: DisputeRow, decisions: Decision[], statements: StatementRow[]): BetDisputeDto {
    const latest = decisions[decisions.length - 1];
    return {
      openedAt: row.openedAt.toISOString(),
      reporterId: row.reporterId,
      status: row.status,
      // The latest decision's own time, beside its own reason (the dispute row keeps the first one's).
      decidedAt: latest ? latest.at.toISOString() : row.decidedAt ? row.decidedAt.toISOString() : null,
      decisionReason: latest ? latest.reason : null,
      decisions: decisions.map((decision) => ({
        at: decision.at.toISOString(),
        winnerUserId: decision.winnerUserId,
        reason: decision.reason,
        changed: decision.changed,
      })),
      statements: statements.map((statement) => ({
        userId: statement.userId,
        text: statement.text,
        links: statement.links,
        createdAt: statement.createdAt.toISOString(),
        updatedAt: statement.updatedAt.toISOString(),
      })),
    };
  }
}
