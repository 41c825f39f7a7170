import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { ACCESS_POLICY_KEY } from '../../src/common/auth/access-policy.js';
import { api, newUser, type Reachable, type SignedUpUser } from '../support/factories.js';
import type { TestApp } from '../support/test-app.js';

export const asList = <T>(body: unknown): T[] => body as T[];
/** The rows of one page of a paged list (`{ items, nextBefore }`). */
export const itemsOf = <T>(body: unknown): T[] => (body as { items: T[] }).items;

/** A new user made an administrator the way an operator would (straight in the table). */
export async function newAdmin(t: TestApp): Promise<SignedUpUser> {
  const admin = await newUser(t);
  await t.dataSource.query(`UPDATE users SET "isAdmin" = true WHERE id = $1`, [admin.id]);
  return admin;
}

export async function moderate(
  t: TestApp,
  admin: SignedUpUser,
  userId: string,
  action: 'warn' | 'suspend' | 'unsuspend' | 'ban' | 'unban',
  reason = 'Moderation reason for the test',
  duration?: number,
) {
  const response = await api(t, 'POST', '/api/admin/moderation-action', {
    token: admin.token,
    body: duration === undefined ? { userId, action, reason } : { userId, action, reason, duration },
  });
  if (response.status !== 200) {
    throw new Error(`moderation failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response;
}

export const betBody = (opponent: SignedUpUser, amount = '50.00') => ({
  opponentId: opponent.id,
  amount,
  title: 'Who wins the derby?',
  description: 'Saturday, full time',
  outcomes: ['Reds', 'Blues'],
  duration: 168,
  creatorPick: 'Reds',
});

export async function pendingBet(t: Reachable, a: SignedUpUser, b: SignedUpUser, amount = '50.00') {
  const created = await api(t, 'POST', '/api/bets', { token: a.token, body: betBody(b, amount) });
  if (created.status !== 201)
    throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id as number;
}

export async function activeBet(t: TestApp, a: SignedUpUser, b: SignedUpUser, amount = '50.00') {
  const id = await pendingBet(t, a, b, amount);
  const accepted = await api(t, 'POST', `/api/bets/${id}/accept`, {
    token: b.token,
    body: { opponentPick: 'Blues' },
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status}`);
  return id;
}

/** a created, b accepted; each says they won and b confirms the conflict: the bet is disputed. */
export async function disputedBet(t: TestApp, a: SignedUpUser, b: SignedUpUser, amount = '50.00') {
  const id = await activeBet(t, a, b, amount);
  await api(t, 'POST', `/api/bets/${id}/submit-result`, { token: a.token, body: { result: a.id } });
  const second = await api(t, 'POST', `/api/bets/${id}/submit-result`, {
    token: b.token,
    body: { result: b.id, confirmed: true },
  });
  if (second.body.status !== 'disputed') throw new Error(`not disputed: ${JSON.stringify(second.body)}`);
  return id;
}

export interface DeclaredRoute {
  method: string;
  /** Full path with every parameter filled in with a sample value, e.g. /api/bets/1/admin-resolve */
  path: string;
  handler: string;
}

const joinPath = (...parts: (string | string[] | undefined)[]): string =>
  `/${parts
    .flatMap((part) => (Array.isArray(part) ? part : [part ?? '']))
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter((part) => part.length > 0)
    .join('/')}`;

/**
 * Every controller method Nest registered whose access policy (method, else class) is `policy`, found
 * the way the contract test finds routes, so a new admin route is covered without editing a list.
 */
export function routesWithPolicy(t: TestApp, policy: 'admin' | 'user' | 'public'): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!type) continue;
      const prototype = type.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const handlerPath = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (handlerPath === undefined) continue;
        const declared =
          (Reflect.getMetadata(ACCESS_POLICY_KEY, handler) as unknown) ??
          (Reflect.getMetadata(ACCESS_POLICY_KEY, type) as unknown);
        if (declared !== policy) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const controllerPath = Reflect.getMetadata(PATH_METADATA, type) as string | string[] | undefined;
        const path = joinPath('api', controllerPath, handlerPath).replace(/:[A-Za-z]+/g, '1');
        routes.push({ method, path, handler: `${type.name}.${name}` });
      }
    }
  }
  return routes.sort((x, y) => `${x.path} ${x.method}`.localeCompare(`${y.path} ${y.method}`));
}

export async function countRows(t: TestApp, sql: string, params: unknown[]): Promise<number> {
  const [row] = await t.dataSource.query<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM (${sql}) rows`,
    params,
  );
  return row?.n ?? 0;
}
