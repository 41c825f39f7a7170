import { Metrics } from '../../common/metrics/metrics.js';
import { newTestService, TX } from '../../testing/unit.js';
import { LedgerRepository, type NewLedgerEntry } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';
import { InsufficientBalanceError, LedgerAccountNotFoundError } from './wallet.errors.js';

const ANN = '00000000-0000-4000-8000-00000000000a';
const BEN = '00000000-0000-4000-8000-00000000000b';

/** The service over a repository holding balances in memory and recording what it was asked, in order. */
function setup(balances: Record<string, string>) {
  const metrics = new Metrics();
  const { sut, mock } = newTestService(LedgerService, [[Metrics, metrics]]);
  const repository = mock(LedgerRepository);
  const calls: string[] = [];
  let negativeAllowed = false;
  repository.lockAccounts.mockImplementation(async (_tx, ids) => {
    calls.push(`lock ${ids.join(',')}`);
    return ids.filter((id) => id in balances).length;
  });
  repository.allowNegativeBalance.mockImplementation(async (_tx, allowed) => {
    calls.push(`allow negative ${allowed}`);
    negativeAllowed = allowed;
  });
  repository.balanceOf.mockImplementation(async (_tx, id) => {
    calls.push(`balance ${id}`);
    return balances[id];
  });
  // The balance change and its ledger row are one statement: both happen, or (a debit not covered) neither.
  repository.post.mockImplementation(async (_tx, entry: NewLedgerEntry, allowNegative) => {
    calls.push(`post ${entry.type} ${entry.userId} ${entry.amount}`);
    if (!(entry.userId in balances)) return undefined; // the UPDATE finds no row
    const before = Number(balances[entry.userId]);
    const after = before + Number(entry.amount);
    if (after < 0 && Number(entry.amount) < 0 && !allowNegative) return undefined;
    if (after < 0 && !negativeAllowed) throw new Error('the LedgerGuard trigger refuses it');
    balances[entry.userId] = after.toFixed(2);
    return { id: String(calls.length), before: before.toFixed(2), after: after.toFixed(2) };
  });
  const postingsOf = async (type: string) =>
    (await metrics.registry.getSingleMetric('betwixt_ledger_postings_total')?.get())?.values.find(
      (value) => value.labels.type === type,
    )?.value ?? 0;
  return { sut, repository, calls, postingsOf };
}

describe('LedgerService.post', () => {
  it('locks every account once, in ascending id order, before any balance moves', async () => {
    const { sut, calls } = setup({ [ANN]: '100.00', [BEN]: '100.00' });
    await sut.post(TX, [
      { userId: BEN, amount: '10.00', type: 'bet_payout' },
      { userId: ANN, amount: '-10.00', type: 'bet_stake' },
      { userId: BEN, amount: '5.00', type: 'bet_refund' },
    ]);
    expect(calls).toEqual([
      `lock ${ANN},${BEN}`,
      `post bet_payout ${BEN} 10.00`,
      `post bet_stake ${ANN} -10.00`,
      `post bet_refund ${BEN} 5.00`,
    ]);
  });

  it('writes each row with the balance before and after, in the transaction it was given', async () => {
    const { sut, repository, postingsOf } = setup({ [ANN]: '100.00' });
    const [entry] = await sut.post(TX, [
      {
        userId: ANN,
        amount: '-25.50',
        type: 'bet_stake',
        referenceType: 'bet',
        referenceId: '7',
        description: 'Stake: Rain',
      },
    ]);
    expect(repository.post).toHaveBeenCalledWith(
      TX,
      {
        userId: ANN,
        type: 'bet_stake',
        amount: '-25.50',
        referenceType: 'bet',
        referenceId: '7',
        description: 'Stake: Rain',
      },
      false,
    );
    // The caller learns the row's id (the fake numbers rows by its call log) and the balance either side of it.
    expect(entry).toEqual({ id: '1', balanceBefore: '100.00', balanceAfter: '74.50' });
    expect(await postingsOf('bet_stake')).toBe(1);
  });

  it('refuses a debit the balance does not cover, with the caller’s message, and writes no row', async () => {
    const { sut, calls } = setup({ [ANN]: '10.00' });
    await expect(
      sut.post(TX, [
        {
          userId: ANN,
          amount: '-10.01',
          type: 'bet_stake',
          insufficientMessage: 'Insufficient balance for this bet',
        },
      ]),
    ).rejects.toEqual(new InsufficientBalanceError('Insufficient balance for this bet'));
    expect(calls).toEqual([`post bet_stake ${ANN} -10.01`, `balance ${ANN}`]);
  });

  it('lets only a posting marked allowNegative take a balance below zero, and closes that door after it', async () => {
    const { sut, calls } = setup({ [ANN]: '10.00', [BEN]: '0.00' });
    const entries = await sut.post(TX, [
      { userId: ANN, amount: '-50.00', type: 'payout_reversal', allowNegative: true },
      { userId: BEN, amount: '50.00', type: 'bet_payout' },
    ]);
    expect(entries.map((entry) => entry.balanceAfter)).toEqual(['-40.00', '50.00']);
    expect(calls.slice(0, 4)).toEqual([
      `lock ${ANN},${BEN}`,
      'allow negative true',
      `post payout_reversal ${ANN} -50.00`,
      'allow negative false',
    ]);
  });

  it('refuses an account that does not exist before moving anything', async () => {
    const { sut, repository } = setup({ [ANN]: '10.00' });
    await expect(
      sut.post(TX, [
        { userId: ANN, amount: '5.00', type: 'admin_deposit' },
        { userId: BEN, amount: '5.00', type: 'admin_deposit' },
      ]),
    ).rejects.toBeInstanceOf(LedgerAccountNotFoundError);
    expect(repository.post).not.toHaveBeenCalled();
  });

  it('takes no lock of its own for one account (its posting’s update locks it), and still refuses a missing one', async () => {
    const { sut, calls } = setup({ [ANN]: '10.00' });
    await sut.post(TX, [
      { userId: ANN, amount: '-2.00', type: 'bet_stake' },
      { userId: ANN, amount: '1.00', type: 'bet_refund' },
    ]);
    expect(calls).toEqual([`post bet_stake ${ANN} -2.00`, `post bet_refund ${ANN} 1.00`]);
    await expect(
      sut.post(TX, [{ userId: BEN, amount: '5.00', type: 'admin_deposit' }]),
    ).rejects.toBeInstanceOf(LedgerAccountNotFoundError);
  });

  it('refuses an amount that is not a signed decimal with two places, before taking any lock', async () => {
    const { sut, repository } = setup({ [ANN]: '10.00' });
    for (const amount of ['1e3', '10.001', '', '0x10', '12,50']) {
      await expect(sut.post(TX, [{ userId: ANN, amount, type: 'admin_deposit' }])).rejects.toThrow(
        `Bad ledger amount ${amount}`,
      );
    }
    expect(repository.lockAccounts).not.toHaveBeenCalled();
  });

  it('does nothing for no postings', async () => {
    const { sut, repository } = setup({});
    expect(await sut.post(TX, [])).toEqual([]);
    expect(repository.lockAccounts).not.toHaveBeenCalled();
  });
});
