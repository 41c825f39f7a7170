import { QueryFailedError, type EntityManager } from 'typeorm';
import { inTransaction } from '../../src/database/in-transaction.js';
import { queryIn } from '../../src/database/query-in.js';
import { useTestDataSource } from '../support/test-database.js';

/**
 * `queryIn` sends a statement to the transaction's pg client itself instead of through TypeORM's query
 * runner. Repositories rely on what `EntityManager.query` answers and throws, so these hold it to exactly
 * that, statement kind by statement kind, on a real PostgreSQL.
 */
describe('queryIn', () => {
  const dataSource = useTestDataSource();

  /** Runs `work` in a transaction with a scratch table of two rows, then rolls it all back. */
  async function withScratch(work: (manager: EntityManager) => Promise<void>): Promise<void> {
    const rollback = new Error('rollback');
    await expect(
      inTransaction(dataSource(), async (manager) => {
        await manager.query(`CREATE TEMP TABLE scratch (id int PRIMARY KEY, label text) ON COMMIT DROP`);
        await manager.query(`INSERT INTO scratch VALUES (1, 'one'), (2, 'two')`);
        await work(manager);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  }

  it('answers what EntityManager.query answers for each kind of statement', async () => {
    await withScratch(async (manager) => {
      const statements: [string, unknown[]][] = [
        [`SELECT id, label FROM scratch ORDER BY id`, []],
        [`SELECT label FROM scratch WHERE id = $1`, [2]],
        [`INSERT INTO scratch VALUES ($1, $2) RETURNING id`, [3, 'three']],
        [`UPDATE scratch SET label = upper(label) WHERE id <= $1 RETURNING id`, [2]],
        [`UPDATE scratch SET label = label WHERE id = $1`, [99]],
        [`DELETE FROM scratch WHERE id = $1 RETURNING label`, [3]],
        [`SET LOCAL statement_timeout = '5s'`, []],
      ];
      for (const [text, params] of statements) {
        const direct = await queryIn(manager, text, params);
        // Run again through TypeORM on a state where it answers the same (inserts and deletes undone first).
        if (text.startsWith('INSERT')) await manager.query(`DELETE FROM scratch WHERE id = 3`);
        if (text.startsWith('DELETE')) await manager.query(`INSERT INTO scratch VALUES (3, 'three')`);
        const throughTypeOrm = await manager.query<unknown>(text, params);
        if (text.startsWith('DELETE')) await manager.query(`DELETE FROM scratch WHERE id = 3`);
        expect({ text, answer: direct }).toEqual({ text, answer: throughTypeOrm });
      }
      expect(await queryIn(manager, `UPDATE scratch SET label = 'x' WHERE id = $1`, [1])).toEqual([[], 1]);
    });
  });

  it('runs in the transaction it is given: it sees that transaction’s uncommitted rows', async () => {
    await withScratch(async (manager) => {
      const [{ txid: direct }] = await queryIn<{ txid: string }[]>(manager, 'SELECT txid_current() AS txid');
      const [{ txid: typeOrm }] = await manager.query<{ txid: string }[]>('SELECT txid_current() AS txid');
      expect(direct).toBe(typeOrm);
      expect(await queryIn(manager, `SELECT count(*)::int AS n FROM scratch`)).toEqual([{ n: 2 }]);
    });
  });

  it('fails as TypeORM does, with the driver’s error code for the deadlock retry and the unique checks', async () => {
    await withScratch(async (manager) => {
      await manager.query('SAVEPOINT before_failure');
      const failure: unknown = await queryIn(manager, `INSERT INTO scratch VALUES ($1, $2)`, [
        1,
        'again',
      ]).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(QueryFailedError);
      expect(failure).toMatchObject({
        query: `INSERT INTO scratch VALUES ($1, $2)`,
        parameters: [1, 'again'],
        code: '23505',
      });
      expect((failure as QueryFailedError).driverError).toMatchObject({ code: '23505' });
      await manager.query('ROLLBACK TO SAVEPOINT before_failure');
    });
  });

  it('outside a transaction is EntityManager.query on a connection of the pool', async () => {
    expect(await queryIn(dataSource().manager, `SELECT $1::int + 1 AS n`, [1])).toEqual([{ n: 2 }]);
    await expect(queryIn(dataSource().manager, `SELECT * FROM no_such_table`)).rejects.toBeInstanceOf(
      QueryFailedError,
    );
  });
});
