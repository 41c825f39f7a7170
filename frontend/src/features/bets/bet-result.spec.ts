import { choiceForOutcome, consequenceOf, resultOf } from './bet-result';
import { aBet as bet, me, them } from './bet-fixture';

describe('resultOf', () => {
  it.each([
    [{ winnerUserId: me, finalResult: 'Reds' }, 'Won', '+50.00'],
    [{ winnerUserId: them, finalResult: 'Blues' }, 'Lost', '-50.00'],
    [{ winnerUserId: null, finalResult: 'no_clear_outcome' }, 'Draw', null],
    [{ status: 'disputed' as const }, 'Disputed', null],
    [{ status: 'declined' as const }, 'Declined', null],
    [{ status: 'cancelled' as const }, 'Cancelled', null],
    [{ status: 'expired' as const }, 'Expired', null],
  ])('%o -> %s %s', (overrides, label, net) => {
    expect(resultOf(bet(overrides), me)).toMatchObject({ label, net });
  });

  it('is the other way round for the other party', () => {
    expect(resultOf(bet({ winnerUserId: me }), them)).toMatchObject({ label: 'Lost', net: '-50.00' });
  });

  it('has nothing to say about a bet still in play', () => {
    expect(resultOf(bet({ status: 'active' }), me)).toBeNull();
    expect(resultOf(bet({ status: 'pending' }), me)).toBeNull();
  });
});

describe('reporting by the outcome that happened', () => {
  it('maps my pick to a win, theirs to a loss and one nobody picked to no clear outcome', () => {
    expect(choiceForOutcome(bet(), me, 'Reds')).toBe('WIN');
    expect(choiceForOutcome(bet(), me, 'Blues')).toBe('LOSE');
    expect(choiceForOutcome(bet(), me, 'Greens')).toBe('NO_CLEAR_OUTCOME');
    expect(choiceForOutcome(bet(), them, 'Reds')).toBe('LOSE');
  });

  it('states the consequence in money', () => {
    expect(consequenceOf(bet(), me, 'LOSE')).toBe(
      'You lost: Maya receives $100.00 from the pot once Maya agrees.',
    );
    expect(consequenceOf(bet(), me, 'WIN')).toBe(
      'You won $50.00: the $100.00 pot is paid to you once Maya agrees.',
    );
    expect(consequenceOf(bet(), me, 'NO_CLEAR_OUTCOME')).toBe(
      'Draw: both stakes come back once Maya agrees.',
    );
  });

  it('says what the other already reported: the same settles now, a different one is a dispute', () => {
    const theyReported = (report: string) => bet({ opponentResult: report });
    expect(consequenceOf(theyReported('Blues'), me, 'WIN')).toBe(
      'Maya reported Blues. A different report puts the bet in dispute: an admin decides, and both stakes stay in escrow until then.',
    );
    expect(consequenceOf(theyReported('Reds'), me, 'WIN')).toBe(
      'Maya reported the same: the bet settles now and the $100.00 pot is paid to you.',
    );
    expect(consequenceOf(theyReported('no_clear_outcome'), me, 'NO_CLEAR_OUTCOME')).toBe(
      'Maya reported no clear outcome too: the bet settles now and both stakes come back.',
    );
    expect(consequenceOf(theyReported('no_clear_outcome'), me, 'LOSE')).toMatch(
      /^Maya reported No Clear Outcome\. A different report puts the bet in dispute/,
    );
  });
});
