import { TX } from '../../testing/unit.js';
import { LedgerService } from '../wallet/index.js';
import { BetActivityRecorder } from './bet-activity.recorder.js';
import { BetReportsService } from './bet-reports.service.js';
import { aBet, CREATOR, newBetsTest, OPPONENT, writeOrder } from './bets.fakes.js';
import { AccountSuspendedError, BetStateError, InvalidBetError } from './bets.errors.js';

/** An active bet: the creator picked Rain, the opponent Dry. */
const active = (overrides = {}) => aBet({ status: 'active', opponentPick: 'Dry', ...overrides });

function setup() {
  const test = newBetsTest(BetReportsService);
  const ledger = test.mock(LedgerService);
  ledger.balanceOf.mockResolvedValue('1025.00');
  return { ...test, ledger, activities: test.mock(BetActivityRecorder) };
}

describe('BetReportsService.submitResult', () => {
  it('records the first report and waits for the other party: no money moves', async () => {
    const test = setup();
    test.given(active());
    const answer = await test.sut.submitResult(CREATOR, 7, 'Rain', false);
    expect(test.bets.moveStatus).toHaveBeenCalledWith(TX, expect.anything(), 'active', {
      creatorResult: 'Rain',
    });
    expect(test.ledger.post).not.toHaveBeenCalled();
    expect(answer).toEqual({ success: true, status: 'active', message: 'Your outcome has been recorded.' });
  });

  it('settles when the reports agree: both stakes to the winner, then completed', async () => {
    const test = setup();
    test.given(active({ creatorResult: 'Rain' }));
    const answer = await test.sut.submitResult(OPPONENT, 7, 'Rain', false);
    expect(test.ledger.post).toHaveBeenCalledWith(TX, [
      expect.objectContaining({ userId: CREATOR, amount: '50.00', type: 'bet_payout' }),
    ]);
    expect(test.bets.moveStatus).toHaveBeenCalledWith(
      TX,
      expect.anything(),
      'completed',
      expect.objectContaining({
        opponentResult: 'Rain',
        winnerUserId: CREATOR,
        finalResult: 'Rain',
        resolutionType: 'mutual',
      }),
    );
    expect(writeOrder(test, test.ledger.post)).toEqual(['lock', 'ledger', 'status']);
    expect(answer).toEqual({
      success: true,
      status: 'completed',
      winnerUserId: CREATOR,
      message: 'You lost: your $25.00 stake went to the winner.',
      balance: '1025.00',
    });
  });

  it('refunds each stake when both report no clear outcome', async () => {
    const test = setup();
    test.given(active({ creatorResult: 'no_clear_outcome' }));
    const answer = await test.sut.submitResult(OPPONENT, 7, 'NO_CLEAR_OUTCOME', false);
    expect(test.ledger.post).toHaveBeenCalledWith(TX, [
      expect.objectContaining({ userId: CREATOR, amount: '25.00', type: 'bet_refund' }),
      expect.objectContaining({ userId: OPPONENT, amount: '25.00', type: 'bet_refund' }),
    ]);
    expect(answer.message).toBe('Draw: both stakes came back.');
  });

  it('asks the reporter to confirm a disagreement, changing nothing', async () => {
    const test = setup();
    test.given(active({ creatorResult: 'Rain' }));
    const answer = await test.sut.submitResult(OPPONENT, 7, 'Dry', false);
    expect(answer).toEqual({
      success: false,
      needsConfirmation: true,
      conflictingOutcome: 'Rain',
      status: 'active',
    });
    expect(test.bets.moveStatus).not.toHaveBeenCalled();
    expect(test.ledger.post).not.toHaveBeenCalled();
  });

  it('makes a confirmed disagreement a dispute: stakes stay in escrow, a dispute record for the admin', async () => {
    const test = setup();
    test.given(active({ creatorResult: 'Rain' }));
    const answer = await test.sut.submitResult(OPPONENT, 7, 'Dry', true);
    expect(test.bets.moveStatus).toHaveBeenCalledWith(
      TX,
      expect.anything(),
      'disputed',
      expect.objectContaining({ opponentResult: 'Dry', finalResult: 'disputed' }),
    );
    expect(test.bets.openDispute).toHaveBeenCalledWith(
      TX,
      7,
      OPPONENT,
      'Reports disagree: Rain (creator) vs Dry (opponent)',
    );
    expect(test.ledger.post).not.toHaveBeenCalled();
    expect(answer.status).toBe('disputed');
  });

  it('refuses a report on a bet that is not active', async () => {
    const test = setup();
    test.given(aBet());
    await expect(test.sut.submitResult(CREATOR, 7, 'Rain', false)).rejects.toEqual(
      new BetStateError('Results can only be submitted for an active bet'),
    );
  });

  it('refuses a suspended reporter, and a result that is not an outcome', async () => {
    const test = setup();
    test.given(active());
    await expect(test.sut.submitResult(CREATOR, 7, 'Snow', false)).rejects.toEqual(
      new InvalidBetError("That result is not one of this bet's outcomes", 'result'),
    );
    test.standing.isSuspended.mockResolvedValue(true);
    await expect(test.sut.submitResult(CREATOR, 7, 'Rain', false)).rejects.toBeInstanceOf(
      AccountSuspendedError,
    );
    expect(test.bets.moveStatus).not.toHaveBeenCalled();
  });
});
