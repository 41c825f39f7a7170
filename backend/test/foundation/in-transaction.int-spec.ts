import { QueryFailedError, type EntityManager } from 'typeorm';
import { afterCommit, inTransaction } from '../../src/database/in-transaction.js';
import { useTestDataSource } from '../support/test-database.js';

/**
 * `inTransaction` sends BEGIN, COMMIT and ROLLBACK to its query runner's pg client itself instead of through
 * TypeORM's `transaction()`. These hold it to what TypeORM's did, on a real PostgreSQL: one transaction that
 * commits or rolls back whole, TypeORM inside it taking savepoints rather than transactions of its own, a
 * failing COMMIT reported as TypeORM reports it, and no connection handed back to the pool inside a
 * transaction.
 */
describe('inTransaction', () => {
  const dataSource = useTestDataSource();

  beforeAll(async () => {
    // Deferred, so that a duplicate is found at COMMIT rather than at the INSERT.
    await dataSource().query(
      `CREATE TABLE tx_probe (id int, label text, CONSTRAINT tx_probe_id UNIQUE (id) DEFERRABLE INITIALLY DEFERRED)`,
    );
  });

  beforeEach(async () => {
    await dataSource().query(`TRUNCATE tx_probe`);
  });

  const labels = async (): Promise<string[]> =>
    (await dataSource().query<{ label: string }[]>(`SELECT label FROM tx_probe ORDER BY label`)).map(
      (row) => row.label,
    );
  const txid = async (manager: EntityManager): Promise<string> =>
    (await manager.query<{ txid: string }[]>(`SELECT txid_current()::text AS txid`))[0].txid;

  /** Connections of this database that sit in a transaction with nothing running: there must be none. */
  const idleInTransaction = async (): Promise<number> =>
    (
      await dataSource().query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
      )
    )[0].n;

  it('commits what its work wrote, as one transaction that TypeORM inside it knows it is in', async () => {
    const seen = await inTransaction(dataSource(), async (manager) => {
      await manager.query(`INSERT INTO tx_probe VALUES (1, 'one')`);
      const first = await txid(manager);
      await manager.query(`INSERT INTO tx_probe VALUES (2, 'two')`);
      return { first, second: await txid(manager), active: manager.queryRunner?.isTransactionActive };
    });
    expect(seen.second).toBe(seen.first);
    expect(seen.active).toBe(true);
    expect(await labels()).toEqual(['one', 'two']);
    expect(await idleInTransaction()).toBe(0);
  });

  it('rolls all of it back when its work fails, and rethrows that failure', async () => {
    const failure = new Error('refused');
    const committed = jest.fn();
    await expect(
      inTransaction(dataSource(), async (manager) => {
        await manager.query(`INSERT INTO tx_probe VALUES (1, 'one')`);
        afterCommit(manager, committed);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await labels()).toEqual([]);
    expect(committed).not.toHaveBeenCalled();
    expect(await idleInTransaction()).toBe(0);
  });

  it('lets a nested TypeORM transaction be a savepoint of it, which rolls back alone', async () => {
    const committed = jest.fn();
    await inTransaction(dataSource(), async (manager) => {
      const outer = await txid(manager);
      await manager.query(`INSERT INTO tx_probe VALUES (1, 'outer')`);
      await expect(
        manager.transaction(async (inner) => {
          expect(await txid(inner)).toBe(outer);
          await inner.query(`INSERT INTO tx_probe VALUES (2, 'inner, undone')`);
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
      await manager.transaction((inner) => inner.query(`INSERT INTO tx_probe VALUES (3, 'inner, kept')`));
      afterCommit(manager, committed);
      // Still the same open transaction: a nested COMMIT would have ended it.
      expect(await txid(manager)).toBe(outer);
    });
    expect(await labels()).toEqual(['inner, kept', 'outer']);
    expect(committed).toHaveBeenCalledTimes(1);
  });

  it('reports a failing COMMIT as TypeORM does, with nothing committed', async () => {
    const committed = jest.fn();
    const failure: unknown = await inTransaction(dataSource(), async (manager) => {
      await manager.query(`INSERT INTO tx_probe VALUES (1, 'first'), (1, 'duplicate')`);
      afterCommit(manager, committed);
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect((failure as QueryFailedError).driverError).toMatchObject({ code: '23505' });
    expect(await labels()).toEqual([]);
    expect(committed).not.toHaveBeenCalled();
    expect(await idleInTransaction()).toBe(0);
  });

  it('runs many at once, each on a connection of its own, all committed', async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        inTransaction(dataSource(), (manager) =>
          manager.query(`INSERT INTO tx_probe VALUES ($1, $2)`, [i, `row ${String(i).padStart(2, '0')}`]),
        ),
      ),
    );
    expect(await labels()).toHaveLength(40);
    expect(await idleInTransaction()).toBe(0);
  });
});
