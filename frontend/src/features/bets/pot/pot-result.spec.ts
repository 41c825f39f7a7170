import { me, them } from '../bet-fixture';
import { resultOf } from '../bet-result';
import { stateInWords } from '../bet-state-text';
import { aPot, aSeat, lee, sam } from './pot-fixture';
import { potTotal, splitIf, winningsIfRight } from './pot-result';

describe('pot-result', () => {
  it('splits the pot among those who picked the outcome, the cents left over by the largest remainder', () => {
    const pot = aPot({}, [
      aSeat(me, 'Me', { pick: 'Reds', stake: '10.00' }),
      aSeat(them, 'Maya', { pick: 'Reds', stake: '10.00' }),
      aSeat(sam, 'Sam', { pick: 'Reds', stake: '10.00' }),
      aSeat(lee, 'Lee', { pick: 'Blues', stake: '10.01' }),
    ]);
    expect(potTotal(pot)).toBe('40.01');
    // 40.01 / 3 = 13.3366…: one leftover cent, to whoever joined first among equal remainders.
    expect([...splitIf(pot, 'Reds').values()]).toEqual(['13.34', '13.34', '13.33']);
    expect(splitIf(pot, 'Greens').size).toBe(0);
    expect(winningsIfRight(pot, pot.participants[3])).toBe('40.01');
  });

  it('leaves an invitation not taken out of the pot', () => {
    const pot = aPot({ status: 'pending' }, [
      aSeat(me, 'Me', { pick: 'Reds' }),
      aSeat(them, 'Maya', { joinedAt: null }),
    ]);
    expect(potTotal(pot)).toBe('10.00');
    expect(winningsIfRight(pot, pot.participants[1])).toBeNull();
  });

  it('says Won, Lost or Draw with the amount once settled', () => {
    const settled = aPot({ status: 'completed', finalResult: 'Reds' }, [
      aSeat(me, 'Me', { pick: 'Reds', payout: '20.00' }),
      aSeat(them, 'Maya', { pick: 'Blues', payout: '0.00' }),
    ]);
    expect(resultOf(settled, me)).toEqual({ label: 'Won', color: 'success', net: '+10.00' });
    expect(resultOf(settled, them)).toEqual({ label: 'Lost', color: 'error', net: '-10.00' });
    expect(stateInWords(settled, me)).toBe('Reds happened. You won $10.00.');
    const refunded = aPot({ status: 'completed', finalResult: 'no_clear_outcome' }, [
      aSeat(me, 'Me', { pick: 'Reds', payout: '10.00' }),
      aSeat(them, 'Maya', { pick: 'Blues', payout: '10.00' }),
    ]);
    expect(resultOf(refunded, me)).toEqual({ label: 'Draw', color: 'default', net: null });
    expect(stateInWords(refunded, them)).toBe('No clear outcome. Your stake came back.');
  });

  it('tells an invitee to join and a player how many still have to report', () => {
    const now = new Date('2026-11-01T12:00:00Z');
    const pending = aPot({ status: 'pending', joinBy: '2026-11-01T15:00:00Z' }, [
      aSeat(me, 'Me', { pick: 'Reds' }),
      aSeat(them, 'Maya', { joinedAt: null }),
    ]);
    expect(stateInWords(pending, them, now)).toBe(
      'You are invited: join with your pick before it locks (3 hours left).',
    );
    expect(stateInWords(pending, me, now)).toBe(
      'Taking players: 1 in so far, $10.00 in the pot (3 hours left to join).',
    );
    const active = aPot({ expiresAt: '2026-11-03T12:00:00Z' });
    active.participants[0].result = 'Reds';
    expect(stateInWords(active, me, now)).toBe(
      'The pot is on: 4 players, $40.00. Every player reports the outcome once it is decided (3 still to report, 2 days left).',
    );
  });
});
