import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from 'typeorm';
import { ambientUnitOfWork, inTransaction, inUnitOfWork } from '../../src/database/in-transaction.js';
import { useTestDataSource } from '../support/test-database.js';

/**
 * The unit of work (an Idempotency-Key's transaction) is found through an AsyncLocalStorage, which is turned
 * off whenever no unit is running (in-transaction.ts says why). These check that turning it off never takes
 * a running unit's transaction away, and that nothing sees a unit's transaction once the unit has ended.
 */
describe('unit of work', () => {
  const dataSource = useTestDataSource();

  it('is the ambient transaction inside its work, across awaits, and joined by use cases', async () => {
    const seen = await inUnitOfWork(dataSource(), async (manager) => {
      await sleep(5);
      const afterTimer = ambientUnitOfWork();
      const [{ txid: unitTx }] = await manager.query<{ txid: string }[]>('SELECT txid_current() AS txid');
      // A use case inside the unit joins its transaction (under a savepoint) rather than opening its own.
      const [{ txid: useCaseTx }] = await inTransaction(dataSource(), (inner) =>
        inner.query<{ txid: string }[]>('SELECT txid_current() AS txid'),
      );
      return { afterTimer, manager, unitTx, useCaseTx };
    });
    expect(seen.afterTimer).toBe(seen.manager);
    expect(seen.useCaseTx).toBe(seen.unitTx);
    expect(ambientUnitOfWork()).toBeUndefined();
  });

  it('is no longer seen by work the unit started that goes on after it ended', async () => {
    let outlived: Promise<EntityManager | undefined> | undefined;
    // The work goes on once the unit has committed, however long the commit takes: no timer to outrun.
    let unitEnded!: () => void;
    const ended = new Promise<void>((resolve) => (unitEnded = resolve));
    await inUnitOfWork(dataSource(), async () => {
      outlived = ended.then(() => ambientUnitOfWork());
    });
    unitEnded();
    expect(outlived).toBeDefined();
    expect(await outlived).toBeUndefined();
  });

  it('keeps a running unit its transaction when another unit ends first', async () => {
    let releaseSecond!: () => void;
    const secondMayEnd = new Promise<void>((resolve) => (releaseSecond = resolve));
    let secondStarted!: () => void;
    const secondIsRunning = new Promise<void>((resolve) => (secondStarted = resolve));

    const second = inUnitOfWork(dataSource(), async (manager) => {
      secondStarted();
      await secondMayEnd;
      // The first unit has ended by now: this one must still find its own transaction.
      const [{ txid: ambientTx }] = await inTransaction(dataSource(), (inner) =>
        inner.query<{ txid: string }[]>('SELECT txid_current() AS txid'),
      );
      const [{ txid: ownTx }] = await manager.query<{ txid: string }[]>('SELECT txid_current() AS txid');
      return { ambient: ambientUnitOfWork(), manager, ambientTx, ownTx };
    });
    await secondIsRunning;
    await inUnitOfWork(dataSource(), async (manager) => {
      expect(ambientUnitOfWork()).toBe(manager);
    });
    releaseSecond();
    const seen = await second;
    expect(seen.ambient).toBe(seen.manager);
    expect(seen.ambientTx).toBe(seen.ownTx);
  });
});
