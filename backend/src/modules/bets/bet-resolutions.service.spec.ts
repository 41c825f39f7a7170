import { TX } from '../../testing/unit.js';
import { AuditTrail } from '../audit/index.js';
import { LedgerService } from '../wallet/index.js';
import { BetResolutionsService } from './bet-resolutions.service.js';
import { aBet, CREATOR, newBetsTest, OPPONENT, STRANGER, writeOrder } from './bets.fakes.js';
import { BetStateError, InvalidBetError } from './bets.errors.js';

const ADMIN = '00000000-0000-4000-8000-0000000000ad';
const disputed = () => aBet({ status: 'disputed', opponentPick: 'Dry' });
const resolved = (winnerUserId: string | null) =>
  aBet({
    status: 'completed',
    opponentPick: 'Dry',
    resolutionType: 'admin',
    winnerUserId,
    finalResult: 'Rain',
  });

function setup() {
  const test = newBetsTest(BetResolutionsService);
  return { ...test, ledger: test.mock(LedgerService), audit: test.mock(AuditTrail) };
}

describe('BetResolutionsService.adminResolve', () => {
  it('pays the winner both stakes, completes the bet, closes the dispute record and audits it', async () => {
    const test = setup();
    test.given(disputed());
    const bet = await test.sut.adminResolve(ADMIN, 7, OPPONENT, 'Photo evidence');
    expect(test.ledger.post).toHaveBeenCalledWith(TX, [
      expect.objectContaining({ userId: OPPONENT, amount: '50.00', type: 'bet_payout' }),
    ]);
    expect(test.bets.moveStatus).toHaveBeenCalledWith(
      TX,
      expect.anything(),
      'completed',
      expect.objectContaining({ winnerUserId: OPPONENT, finalResult: 'Dry', resolutionType: 'admin' }),
    );
    expect(writeOrder(test, test.ledger.post)).toEqual(['lock', 'ledger', 'status']);
    expect(test.bets.closeDispute).toHaveBeenCalledWith(TX, 7, {
      adminId: ADMIN,
      resolution: 'Photo evidence',
      resolvedAt: test.clock.at,
    });
    expect(test.audit.record).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({ action: 'resolve_dispute', targetId: '7' }),
    );
    expect(bet).toMatchObject({ status: 'completed', winnerUserId: OPPONENT });
  });

  it('refuses a bet that is not disputed (a second admin racing finds it resolved)', async () => {
    const test = setup();
    test.given(resolved(CREATOR));
    await expect(test.sut.adminResolve(ADMIN, 7, CREATOR, 'x')).rejects.toEqual(
      new BetStateError('Only a disputed bet can be resolved'),
    );
    expect(test.ledger.post).not.toHaveBeenCalled();
  });

  it('refuses a winner who is not a party', async () => {
    const test = setup();
    test.given(disputed());
    await expect(test.sut.adminResolve(ADMIN, 7, STRANGER, 'x')).rejects.toBeInstanceOf(InvalidBetError);
    expect(test.ledger.post).not.toHaveBeenCalled();
  });
});

describe('BetResolutionsService.editResolution', () => {
  it('reverses the previous payout (allowed below zero) and pays the new winner, in one posting', async () => {
    const test = setup();
    test.given(resolved(CREATOR));
    await test.sut.editResolution(ADMIN, 7, OPPONENT, 'Wrong call');
    expect(test.ledger.post).toHaveBeenCalledTimes(1);
    expect(test.ledger.post).toHaveBeenCalledWith(TX, [
      expect.objectContaining({
        userId: CREATOR,
        amount: '-50.00',
        type: 'payout_reversal',
        allowNegative: true,
      }),
      expect.objectContaining({ userId: OPPONENT, amount: '50.00', type: 'bet_payout' }),
    ]);
    expect(test.bets.moveStatus).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({ status: 'completed' }),
      'completed',
      expect.objectContaining({ winnerUserId: OPPONENT, finalResult: 'Dry' }),
    );
    expect(test.audit.record).toHaveBeenCalledWith(
      TX,
      expect.objectContaining({
        action: 'edit_resolution',
        previousValue: { winnerUserId: CREATOR, finalResult: 'Rain' },
      }),
    );
  });

  it('reverses draw refunds when a draw becomes a win', async () => {
    const test = setup();
    test.given(resolved(null));
    await test.sut.editResolution(ADMIN, 7, CREATOR, 'x');
    expect(test.ledger.post).toHaveBeenCalledWith(TX, [
      expect.objectContaining({ userId: CREATOR, amount: '-25.00', type: 'payout_reversal' }),
      expect.objectContaining({ userId: OPPONENT, amount: '-25.00', type: 'payout_reversal' }),
      expect.objectContaining({ userId: CREATOR, amount: '50.00', type: 'bet_payout' }),
    ]);
  });

  it('refuses to change a bet the players settled themselves, or to change nothing', async () => {
    const test = setup();
    test.given(aBet({ status: 'completed', resolutionType: 'mutual', winnerUserId: CREATOR }));
    await expect(test.sut.editResolution(ADMIN, 7, OPPONENT, 'x')).rejects.toEqual(
      new BetStateError('Only a dispute resolved by an admin can be changed'),
    );
    test.given(resolved(CREATOR));
    await expect(test.sut.editResolution(ADMIN, 7, CREATOR, 'x')).rejects.toMatchObject({
      status: 400,
      code: 'resolution_unchanged',
    });
    expect(test.ledger.post).not.toHaveBeenCalled();
  });
});
