import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { ACCESS_POLICY_KEY } from '../../src/common/auth/access-policy.js';
import { buildOpenApiDocument } from '../../src/bootstrap/create-app.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Route {
  route: string;
  policy: unknown;
}

/** Every controller method Nest registered, with the access policy it declares (method, else class). */
function registeredRoutes(t: TestApp): Route[] {
  const routes: Route[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!type) continue;
      const prototype = type.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const policy =
          (Reflect.getMetadata(ACCESS_POLICY_KEY, handler) as unknown) ??
          (Reflect.getMetadata(ACCESS_POLICY_KEY, type) as unknown);
        routes.push({
          route: `${String(Reflect.getMetadata(METHOD_METADATA, handler))} ${type.name}.${name}`,
          policy,
        });
      }
    }
  }
  return routes;
}

describe('API contract', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('every route declares who may call it: public, user or admin', () => {
    const routes = registeredRoutes(t);
    expect(routes.length).toBeGreaterThan(0);
    const undeclared = routes.filter((route) => !['public', 'user', 'admin'].includes(String(route.policy)));
    expect(undeclared).toEqual([]);
  });

  it('openapi.json in the repository matches the running API (npm run openapi -w backend refreshes it)', () => {
    const file = join(__dirname, '../../openapi.json');
    const current = `${JSON.stringify(buildOpenApiDocument(t.app), null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI === '1') writeFileSync(file, current);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(current);
  });
});
