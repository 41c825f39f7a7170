import { tryJobLock } from '../../database/advisory-locks.js';
import { TX } from '../../testing/unit.js';
import { LedgerService } from '../wallet/index.js';
import { BetDeadlinesService, REPORTING_GRACE_HOURS } from './bet-deadlines.service.js';
import type { Bet } from './bet.entity.js';
import { aBet, CREATOR, newBetsTest, OPPONENT } from './bets.fakes.js';

jest.mock('../../database/advisory-locks.js', () => ({ tryJobLock: jest.fn() }));

function setup(bets: Bet[]) {
  const test = newBetsTest(BetDeadlinesService);
  jest.mocked(tryJobLock).mockResolvedValue(true);
  test.bets.lock.mockImplementation(async (_tx, id) => bets.find((bet) => bet.id === id) ?? null);
  test.bets.moveStatus.mockResolvedValue(true);
  test.bets.unansweredBy.mockResolvedValue(
    bets.filter((bet) => bet.status === 'pending').map((bet) => bet.id),
  );
  test.bets.unsettledSince.mockResolvedValue(
    bets.filter((bet) => bet.status === 'active').map((bet) => bet.id),
  );
  return { ...test, ledger: test.mock(LedgerService) };
}

describe('BetDeadlinesService.processDeadlines', () => {
  it('does nothing while another instance runs the job', async () => {
    const test = setup([aBet()]);
    jest.mocked(tryJobLock).mockResolvedValue(false);
    expect(await test.sut.processDeadlines()).toEqual({ expired: 0, disputed: 0 });
    expect(test.bets.unansweredBy).not.toHaveBeenCalled();
  });

  it('refunds the creator of a challenge nobody accepted in time, then marks it expired', async () => {
    const test = setup([aBet()]);
    expect(await test.sut.processDeadlines()).toEqual({ expired: 1, disputed: 0 });
    expect(test.bets.unansweredBy).toHaveBeenCalledWith(TX, test.clock.at);
    expect(test.ledger.post).toHaveBeenCalledWith(TX, [
      expect.objectContaining({ userId: CREATOR, amount: '25.00', type: 'bet_refund' }),
    ]);
    expect(test.bets.moveStatus).toHaveBeenCalledWith(TX, expect.anything(), 'expired', {});
  });

  it(`sends an active bet still unsettled ${REPORTING_GRACE_HOURS} h after its deadline to an admin, moving no money`, async () => {
    const test = setup([aBet({ id: 8, status: 'active', opponentPick: 'Dry', opponentResult: 'Dry' })]);
    expect(await test.sut.processDeadlines()).toEqual({ expired: 0, disputed: 1 });
    expect(test.bets.unsettledSince).toHaveBeenCalledWith(
      TX,
      new Date(test.clock.at.getTime() - REPORTING_GRACE_HOURS * 3_600_000),
    );
    expect(test.bets.moveStatus).toHaveBeenCalledWith(
      TX,
      expect.anything(),
      'disputed',
      expect.objectContaining({ finalResult: 'disputed' }),
    );
    // The one who reported is named as the reporter of the dispute.
    expect(test.bets.openDispute).toHaveBeenCalledWith(
      TX,
      8,
      OPPONENT,
      'Reporting deadline passed without matching reports',
    );
    expect(test.ledger.post).not.toHaveBeenCalled();
  });
});
