import { aBet, me, them } from './bet-fixture';
import { theirStakeHelp } from './BetTermsSteps';
import {
  callConsequence,
  callConsequenceForEach,
  offerLine,
  oddsText,
  offerTurn,
  opponentPickOffered,
  roundsLeft,
  stakeLine,
} from './stakes';

describe('oddsText', () => {
  it.each([
    ['30.00', '10.00', '3 to 1'],
    ['10.00', '30.00', '3 to 1'],
    ['25', '10', '5 to 2'],
    ['10.00', '10', 'even money'],
    ['33.33', '10.00', '3.33 to 1'],
    ['0.01', '50', '5000 to 1'],
  ])('%s against %s reads "%s"', (first, second, text) => {
    expect(oddsText(first, second)).toBe(text);
  });
});

describe('each side sees its own stake and what it can win', () => {
  const uneven = aBet({ status: 'active', amount: '30.00', opponentAmount: '10.00' });
  it('on cards and the bet page', () => {
    expect(stakeLine(uneven, me)).toBe('You put $30.00 to win $10.00 (3 to 1)');
    expect(stakeLine(uneven, them)).toBe('You put $10.00 to win $30.00 (3 to 1)');
    expect(stakeLine(uneven, null)).toBe('$30.00 against $10.00 (3 to 1)');
    expect(stakeLine(aBet({ amount: '25.00', opponentAmount: null }), me)).toBe('$25.00 each');
  });

  it('in an offer', () => {
    expect(offerLine(uneven, '12.50', them)).toBe(
      'Your $12.50 against their $30.00 (12 to 5): you can win $30.00',
    );
    expect(offerLine(uneven, '12.50', me)).toBe('Your $30.00 against their $12.50 (12 to 5): you can win $12.50');
  });

  it('as the creator types the opponent’s stake', () => {
    expect(theirStakeHelp('30', '10', 'Maya')).toBe('You put $30.00 against their $10.00: 3 to 1');
    expect(theirStakeHelp('30', '', 'Maya')).toBe('Empty: Maya puts in the same as you (even money)');
  });
});

describe('what a call means for the money', () => {
  const called = aBet({ status: 'active', amount: '30.00', opponentAmount: '10.00', resolutionType: 'referee' });
  it('for each player of a duel, with their own stake', () => {
    expect(callConsequence(called, 'Reds', me)).toBe('If it stands, you win $10.00.');
    expect(callConsequence(called, 'Reds', them)).toBe('If it stands, your $10.00 stake goes to the other side.');
    expect(callConsequence(called, 'Blues', them)).toBe('If it stands, you win $30.00.');
    expect(callConsequence(called, 'Greens', me)).toBe('If it stands, both stakes come back.');
    expect(callConsequence(called, 'NO_CLEAR_OUTCOME', them)).toBe('If it stands, both stakes come back.');
  });

  it('for the referee, before calling', () => {
    expect(callConsequenceForEach(called, 'Blues')).toBe(
      'Maya wins $30.00 (Me’s stake) and gets their own $10.00 back.',
    );
    expect(callConsequenceForEach(called, 'no_clear_outcome')).toBe(
      'Nobody wins: both stakes go back to the players.',
    );
  });
});

describe('counter-offer rounds', () => {
  const offer = (round: number, byUserId: string, opponentPick: string | null) => ({
    round,
    byUserId,
    opponentAmount: '10.00',
    opponentPick,
    createdAt: '2026-11-29T10:00:00.000Z',
  });
  it('the opponent answers first; after their counter it is the creator’s turn', () => {
    expect(offerTurn(aBet({ offerBy: null }))).toBe('opponent');
    expect(offerTurn(aBet({ offerBy: them }))).toBe('creator');
    expect(offerTurn(aBet({ offerBy: me }))).toBe('opponent');
  });

  it('counts down to 5 and keeps the last pick offered', () => {
    const offers = [offer(1, them, 'Blues'), offer(2, me, null)];
    expect(roundsLeft(aBet({ offers }))).toBe(3);
    expect(roundsLeft(aBet({ offers: [1, 2, 3, 4, 5].map((n) => offer(n, them, null)) }))).toBe(0);
    expect(opponentPickOffered(aBet({ offers }))).toBe('Blues');
    expect(opponentPickOffered(aBet({ offers: [] }))).toBeNull();
  });
});
