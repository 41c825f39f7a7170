import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import pg from 'pg';
import { Clock } from '../../src/common/clock.js';
import { IdempotencyCleanupJob } from '../../src/common/idempotency/idempotency-cleanup.job.js';
import { IDEMPOTENT_ROUTE } from '../../src/common/idempotency/idempotent.decorator.js';
import { activeBet, betBody, countRows, newAdmin, pendingBet } from '../admin/admin-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { balanceOf, expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Every route that moves money, and the referee's and counter-offer's steps that decide where it goes (a call, its
 * acceptance, an appeal, an offer): each must take an Idempotency-Key (docs/money.md, docs/security.md).
 */
const MONEY_ROUTES = [
  'DELETE /api/admin/users/{id}',
  'POST /api/admin/balance-adjustment',
  'POST /api/bets',
  'POST /api/bets/{id}/accept',
  'POST /api/bets/{id}/admin-resolve',
  'POST /api/bets/{id}/appeal',
  'POST /api/bets/{id}/call',
  'POST /api/bets/{id}/call/accept',
  'POST /api/bets/{id}/cancel',
  'POST /api/bets/{id}/counter',
  'POST /api/bets/{id}/decline',
  'POST /api/bets/{id}/edit-resolution',
  'POST /api/bets/{id}/join',
  'POST /api/bets/{id}/leave',
  'POST /api/bets/{id}/lock',
  'POST /api/bets/{id}/referee/accept',
  'POST /api/bets/{id}/referee/decline',
  'POST /api/bets/{id}/submit-result',
  'POST /api/challenges',
  'POST /api/challenges/{code}/accept',
  'PUT /api/bets/{id}/referee',
];

describe('Idempotency-Key', () => {
  let t: TestApp;
  let admin: SignedUpUser;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await newAdmin(t);
  });
  afterAll(async () => t.close());

  /** Sends the request twice with one key: both answers must be the same, and money must move once. */
  async function twice(
    user: SignedUpUser,
    method: string,
    path: string,
    key: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const send = () => api(t, method, path, { token: user.token, body, headers: { 'idempotency-key': key } });
    const first = await send();
    const ledger = await countRows(t, `SELECT id FROM transactions`, []);
    const retry = await send();
    expect(retry.status).toBe(first.status);
    expect(retry.body).toEqual(first.body);
    expect(await countRows(t, `SELECT id FROM transactions`, [])).toBe(ledger);
    return first;
  }

  it('is accepted on every route that moves money, and the OpenAPI document says so', () => {
    const idempotent: string[] = [];
    for (const module of t.app.get(ModulesContainer).values()) {
      for (const wrapper of module.controllers.values()) {
        const type = wrapper.metatype as (new (...args: never[]) => object) | null;
        if (!type) continue;
        const prototype = type.prototype as Record<string, unknown>;
        for (const name of Object.getOwnPropertyNames(prototype)) {
          const handler = prototype[name];
          if (typeof handler !== 'function') continue;
          if (Reflect.getMetadata(IDEMPOTENT_ROUTE, handler) !== true) continue;
          const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
          const path = [
            'api',
            Reflect.getMetadata(PATH_METADATA, type) as string,
            Reflect.getMetadata(PATH_METADATA, handler) as string,
          ]
            .filter((part) => part && part !== '/')
            .join('/')
            .replace(/:([A-Za-z]+)/g, '{$1}');
          idempotent.push(`${method} /${path}`);
        }
      }
    }
    expect(idempotent.sort()).toEqual(MONEY_ROUTES);

    const document = JSON.parse(readFileSync(join(__dirname, '../../openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) =>
          (operation.parameters ?? []).some((p) => p.in === 'header' && p.name === 'Idempotency-Key'),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(MONEY_ROUTES);
  });

  it('runs each money action once per key: a retry gets the same answer and moves no money', async () => {
    const [alice, bob] = [await newUser(t), await newUser(t)];
    const created = await twice(alice, 'POST', '/api/bets', 'k-create', betBody(bob, '40.00'));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(
      (await twice(bob, 'POST', `/api/bets/${id}/accept`, 'k-accept', { opponentPick: 'Blues' })).body,
    ).toMatchObject({ id, status: 'active' });
    expect(
      (await twice(alice, 'POST', `/api/bets/${id}/submit-result`, 'k-report', { result: alice.id })).body,
    ).toMatchObject({ status: 'active' });
    const settled = await twice(bob, 'POST', `/api/bets/${id}/submit-result`, 'k-settle', {
      result: alice.id,
    });
    expect(settled.body).toMatchObject({ status: 'completed', winnerUserId: alice.id });
    expect(await balanceOf(t.dataSource, alice.id)).toBe('1040.00');

    const toDecline = await pendingBet(t, alice, bob, '10.00');
    expect((await twice(bob, 'POST', `/api/bets/${toDecline}/decline`, 'k-decline')).body).toMatchObject({
      status: 'declined',
    });
    const toCancel = await pendingBet(t, alice, bob, '10.00');
    expect((await twice(alice, 'POST', `/api/bets/${toCancel}/cancel`, 'k-cancel')).body).toMatchObject({
      status: 'cancelled',
    });

    const contested = await activeBet(t, alice, bob, '20.00');
    await api(t, 'POST', `/api/bets/${contested}/submit-result`, {
      token: alice.token,
      body: { result: alice.id },
    });
    const disputed = await twice(bob, 'POST', `/api/bets/${contested}/submit-result`, 'k-dispute', {
      result: bob.id,
      confirmed: true,
    });
    expect(disputed.body).toMatchObject({ status: 'disputed' });
    const resolved = await twice(admin, 'POST', `/api/bets/${contested}/admin-resolve`, 'k-resolve', {
      winnerId: bob.id,
      resolution: 'Photo evidence shows the Blues won',
    });
    expect(resolved.body).toMatchObject({ status: 'completed', winnerUserId: bob.id });
    const edited = await twice(admin, 'POST', `/api/bets/${contested}/edit-resolution`, 'k-edit', {
      winnerId: alice.id,
      reason: 'The photo was from last season',
    });
    expect(edited.body).toMatchObject({ winnerUserId: alice.id });

    const deposit = await twice(admin, 'POST', '/api/admin/balance-adjustment', 'k-deposit', {
      userId: bob.id,
      amount: '15.00',
      type: 'deposit',
      reason: 'Goodwill credit',
    });
    expect(deposit.status).toBe(200);
    expect(deposit.body.newBalance).toBe(await balanceOf(t.dataSource, bob.id));

    const carol = await newUser(t);
    await pendingBet(t, carol, alice, '25.00');
    const deleted = await twice(admin, 'DELETE', `/api/admin/users/${carol.id}`, 'k-delete');
    expect(deleted.status).toBe(204);
    await expectMoneyInvariants(t.dataSource);
  });

  it('stores a refusal with the operation’s writes undone, and answers it again', async () => {
    const [alice, bob] = [await newUser(t), await newUser(t)];
    // The bet row is written before the stake is found to be too large: both must be gone.
    const tooMuch = await twice(alice, 'POST', '/api/bets', 'k-too-much', betBody(bob, '5000.00'));
    expect(tooMuch.status).toBe(400);
    expect(await countRows(t, `SELECT id FROM bets WHERE "creatorId" = $1`, [alice.id])).toBe(0);
    const [stored] = await t.dataSource.query<{ status: number }[]>(
      `SELECT status FROM idempotency_keys WHERE "userId" = $1 AND key = 'k-too-much'`,
      [alice.id],
    );
    expect(stored?.status).toBe(400);

    const id = await pendingBet(t, alice, bob, '10.00');
    const samePick = await twice(bob, 'POST', `/api/bets/${id}/accept`, 'k-same-pick', {
      opponentPick: 'Reds',
    });
    expect(samePick.status).toBe(400);
    expect(samePick.body).toMatchObject({ fields: { opponentPick: expect.any(String) as string } });
    const accepted = await api(t, 'POST', `/api/bets/${id}/accept`, {
      token: bob.token,
      body: { opponentPick: 'Blues' },
      headers: { 'idempotency-key': 'k-other-pick' },
    });
    expect(accepted.status).toBe(200);
    await expectMoneyInvariants(t.dataSource);
  });

  it('keeps no answer for a request its validation refused, so the corrected request runs on that key', async () => {
    const [alice, bob] = [await newUser(t), await newUser(t)];
    const send = (body: unknown) =>
      api(t, 'POST', '/api/bets', { token: alice.token, body, headers: { 'idempotency-key': 'k-fix' } });
    const invalid = await send({ ...betBody(bob, '30.00'), title: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ fields: { title: expect.any(String) as string } });
    expect(await countRows(t, `SELECT key FROM idempotency_keys WHERE "userId" = $1`, [alice.id])).toBe(0);
    const corrected = await send(betBody(bob, '30.00'));
    expect(corrected.status).toBe(201);
    // From here on the key is the corrected request's: a retry of it replays, moving no more money.
    expect((await send(betBody(bob, '30.00'))).body).toEqual(corrected.body);
    expect(await balanceOf(t.dataSource, alice.id)).toBe('970.00');
  });

  it('refuses the same key for a different request with 409 idempotency_key_reused', async () => {
    const [alice, bob] = [await newUser(t), await newUser(t)];
    const send = (path: string, body: unknown) =>
      api(t, 'POST', path, { token: alice.token, body, headers: { 'idempotency-key': 'k-reuse' } });
    expect((await send('/api/bets', betBody(bob, '30.00'))).status).toBe(201);
    const otherBody = await send('/api/bets', betBody(bob, '31.00'));
    expect(otherBody.status).toBe(409);
    expect(otherBody.body).toMatchObject({ code: 'idempotency_key_reused' });
    const otherRoute = await send('/api/bets/1/cancel', betBody(bob, '30.00'));
    expect(otherRoute).toMatchObject({ status: 409, body: { code: 'idempotency_key_reused' } });
    // Keys are per user: bob may use the same one.
    const bobs = await api(t, 'POST', '/api/bets', {
      token: bob.token,
      body: betBody(alice, '30.00'),
      headers: { 'idempotency-key': 'k-reuse' },
    });
    expect(bobs.status).toBe(201);
    expect(await balanceOf(t.dataSource, alice.id)).toBe('970.00');
    const bad = await api(t, 'POST', '/api/bets', {
      token: alice.token,
      body: betBody(bob),
      headers: { 'idempotency-key': 'has space' },
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'bad_idempotency_key' } });
  });

  it('makes concurrent duplicates wait for the first and answers them all alike, with one operation', async () => {
    const [alice, bob] = [await newUser(t), await newUser(t)];
    const id = await pendingBet(t, alice, bob, '60.00');
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        api(t, 'POST', `/api/bets/${id}/accept`, {
          token: bob.token,
          body: { opponentPick: 'Blues' },
          headers: { 'idempotency-key': 'k-race' },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const response of responses) expect(response.body).toEqual(responses[0]?.body);
    expect(await balanceOf(t.dataSource, bob.id)).toBe('940.00');
    await expectMoneyInvariants(t.dataSource);
  });

  it('answers 409 idempotency_in_progress to a duplicate while the first is still running, then its answer', async () => {
    const [alice, bob] = [await newUser(t), await newUser(t)];
    const locker = new pg.Client({ connectionString: t.databaseUrl });
    await locker.connect();
    try {
      // Holds the first request inside its transaction (after its claim) until the test lets go.
      await locker.query('BEGIN');
      await locker.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [alice.id]);
      const send = () =>
        api(t, 'POST', '/api/bets', {
          token: alice.token,
          body: betBody(bob, '35.00'),
          headers: { 'idempotency-key': 'k-slow' },
        });
      const first = send();
      for (;;) {
        const { rows } = await locker.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if ((rows[0]?.n ?? 0) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const duplicate = await send();
      expect(duplicate).toMatchObject({ status: 409, body: { code: 'idempotency_in_progress' } });
      await locker.query('ROLLBACK');
      const answered = await first;
      expect(answered.status).toBe(201);
      const retry = await send();
      expect(retry).toMatchObject({ status: 201, body: { id: answered.body.id } });
    } finally {
      await locker.end();
    }
    await expectMoneyInvariants(t.dataSource);
  });

  it('forgets keys 24 hours after their answer, in batches, so the key runs again', async () => {
    const [alice, bob] = [await newUser(t), await newUser(t)];
    const send = () =>
      api(t, 'POST', '/api/bets', {
        token: alice.token,
        body: betBody(bob, '10.00'),
        headers: { 'idempotency-key': 'k-expiry' },
      });
    const first = await send();
    expect(first.status).toBe(201);
    // Old keys piled up by other users: more than one batch of the job.
    await t.dataSource.query(
      `INSERT INTO idempotency_keys ("userId", key, fingerprint, status, body, "createdAt")
       SELECT $1, 'old-' || n, 'f', 200, '{"value":{}}', now() - interval '3 days' FROM generate_series(1, 2500) n`,
      [bob.id],
    );
    const job = t.app.get(IdempotencyCleanupJob);
    const clock = t.app.get(Clock);
    const now = Date.now();
    expect(await job.deleteExpired()).toBe(2500);
    jest.spyOn(clock, 'now').mockReturnValue(new Date(now + 23 * 3_600_000));
    expect(await job.deleteExpired()).toBe(0);
    expect((await send()).body.id).toBe(first.body.id);

    jest.spyOn(clock, 'now').mockReturnValue(new Date(now + 25 * 3_600_000));
    expect(await job.deleteExpired()).toBeGreaterThanOrEqual(1);
    jest.restoreAllMocks();
    expect(await countRows(t, `SELECT key FROM idempotency_keys WHERE "userId" = $1`, [alice.id])).toBe(0);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
    expect(await balanceOf(t.dataSource, alice.id)).toBe('980.00');
    await expectMoneyInvariants(t.dataSource);
  });
});
