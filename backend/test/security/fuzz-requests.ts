import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';

/** One route of backend/openapi.json as the fuzzer sees it. */
export interface FuzzRoute {
  method: string;
  /** The OpenAPI path, e.g. /api/bets/{id}/accept */
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodySchema: Schema | null;
}

interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
  required?: string[];
  minItems?: number;
  allOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
}

const document = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8')) as OpenApi;

function resolve(schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return resolve(document.components.schemas[schema.$ref.split('/').pop() ?? '']);
  if (schema.allOf?.length === 1) return resolve(schema.allOf[0]);
  return schema;
}

/** Every route in the OpenAPI document. */
export function openApiRoutes(): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodySchema: resolve(operation.requestBody?.content['application/json']?.schema) ?? null,
      });
    }
  }
  return routes;
}

/** A value a well-behaved client could send for the schema (the base the mutations start from). */
function plausible(schema: Schema | undefined, depth = 0): unknown {
  const s = resolve(schema);
  if (!s || depth > 4) return null;
  if (s.example !== undefined) return s.example;
  if (s.enum?.length) return s.enum[0];
  switch (s.type) {
    case 'string':
      return s.format === 'uuid'
        ? '00000000-0000-4000-8000-000000000000'
        : s.format === 'date'
          ? '1990-01-01'
          : 'text';
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: s.minItems ?? 1 }, () => plausible(s.items, depth + 1));
    case undefined:
    default:
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, value]) => [key, plausible(value, depth + 1)]),
      );
  }
}

const nest = (depth: number, leaf: unknown, asArray: boolean): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
};

/** Strings an attacker or a broken client sends. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    'a\u0000b',
    '\u0000',
    'line\nbreak',
    'tab\there',
    '\u001b[31mred',
    '\uD800',
    '\uFEFF\u202Eevil',
    "' OR '1'='1",
    '"; DROP TABLE users; --',
    '%00',
    '../../etc/passwd',
    '${jndi:ldap://x}',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    '-1',
    '1e309',
    '99999999999999999999999.99',
    '9007199254740993',
    '1e21',
    '-0',
    '0x10',
    'NaN',
    '2026-02-30',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '🎲'.repeat(500),
    'x'.repeat(70_000),
  ),
);

/** Any JSON value, hostile ones weighted in. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -1, 1.5, 2 ** 53 + 1, -(2 ** 63), 1e308, true, false, null),
  fc.constantFrom(nest(40, 'x', true), nest(40, 'x', false), [], {}, { __proto__: { isAdmin: true } }),
  fc.array(hostileString, { maxLength: 3 }),
  fc.constant(Array.from({ length: 1500 }, (_, i) => i)),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A path parameter: ids of every wrong kind. */
const hostileId: fc.Arbitrary<string> = fc.oneof(
  fc.uuid().map(String),
  fc.integer().map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e10',
    '99999999999999999999',
    'null',
    'undefined',
    '%00',
    'a%00b',
    '%E0%A4%A',
    '..',
    '%2e%2e%2f',
    'x'.repeat(3000),
    '🎲',
    '%F0%9F%8E%B2',
  ),
  fc.string({ minLength: 1, maxLength: 40 }).map((text) => encodeURIComponent(text)),
  // Every hostile text, percent-encoded as a client would put it in a path: NUL, line breaks, bidi overrides.
  hostileString
    .filter((text) => text.length > 0)
    // Through UTF-8 first: a lone surrogate cannot be percent-encoded (it becomes U+FFFD, as in a browser).
    .map((text) => encodeURIComponent(Buffer.from(text.slice(0, 3000)).toString('utf8'))),
);

const asCursor = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Cursors that once reached PostgreSQL or nearly did; every run sends each of them to every paging route. */
export const KNOWN_HOSTILE_CURSORS: readonly string[] = [
  asCursor(['a\u0000b', '00000000-0000-4000-8000-000000000000']),
  asCursor(['\u202egnp.exe', '00000000-0000-4000-8000-000000000000']),
  asCursor(['2026-02-30T00:00:00.000000Z', '1']),
  asCursor(['2026-01-01T00:00:00.000000Z', '99999999999']),
  asCursor(['2026-01-01T00:00:00.000000Z', 'a\u0000b']),
  asCursor([null, null]),
  asCursor([]),
];

/**
 * A keyset cursor (`before`): what the server writes is base64url of a JSON array of the key's parts
 * (common/http/cursor.ts), so the hostile ones are well-formed on the outside and wrong inside: hostile
 * text parts (NUL, bidi overrides), wrong types and lengths, and plain garbage.
 */
export const hostileCursor: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(hostileString, fc.uuid()).map(asCursor),
  fc.tuple(hostileString, hostileString).map(asCursor),
  fc.tuple(hostileString, fc.integer().map(String)).map(asCursor),
  fc.array(hostileValue, { maxLength: 4 }).map(asCursor),
  hostileValue.map(asCursor),
  hostileString.map((text) => Buffer.from(text).toString('base64url')),
  hostileString,
  fc.constantFrom(...KNOWN_HOSTILE_CURSORS),
);

export interface FuzzRequest {
  method: string;
  url: string;
  auth: 'none' | 'user' | 'admin';
  contentType?: string;
  body?: string | Buffer;
  /** What kind of body this is, for the failure report. */
  bodyKind: string;
}

function bodyFor(route: FuzzRoute): fc.Arbitrary<Pick<FuzzRequest, 'contentType' | 'body' | 'bodyKind'>> {
  const base = plausible(route.bodySchema ?? undefined) ?? {};
  const keys = Object.keys(typeof base === 'object' && base !== null ? base : {});
  const json = (value: unknown, bodyKind: string) => ({
    contentType: 'application/json',
    body: JSON.stringify(value) ?? 'null',
    bodyKind,
  });
  const oneFieldWrong =
    keys.length > 0
      ? fc
          .tuple(fc.constantFrom(...keys), hostileValue)
          .map(([key, value]) => json({ ...base, [key]: value }, `field ${key} wrong`))
      : hostileValue.map((value) => json(value, 'json value'));
  return fc.oneof(
    { weight: 5, arbitrary: oneFieldWrong },
    {
      weight: 2,
      arbitrary: fc
        .dictionary(hostileString, hostileValue, { maxKeys: 5 })
        .map((v) => json(v, 'random object')),
    },
    { weight: 2, arbitrary: hostileValue.map((value) => json(value, 'json value')) },
    { weight: 1, arbitrary: fc.constant(json([base], 'array for object')) },
    {
      weight: 1,
      arbitrary: fc.constant({
        contentType: 'application/json',
        body: '['.repeat(5000) + ']'.repeat(5000),
        bodyKind: 'deep brackets',
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        contentType: 'application/json',
        body: `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3001)}`,
        bodyKind: 'deep objects',
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ contentType: 'application/json', body: '{"a": tru', bodyKind: 'broken json' }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        contentType: 'application/json',
        body: JSON.stringify({ ...base, pad: 'x'.repeat(2 * 1024 * 1024) }),
        bodyKind: '2 MB body',
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/json; charset=utf-16',
          'image/png',
        )
        .map((contentType) => ({ contentType, body: JSON.stringify(base), bodyKind: `as ${contentType}` })),
    },
    { weight: 1, arbitrary: fc.constant({ contentType: undefined, body: undefined, bodyKind: 'no body' }) },
  );
}

/** Generated malformed requests for one route, signed in as a user, as an admin, or not at all. */
export function requestsFor(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  const path = fc
    .tuple(...route.pathParams.map(() => hostileId))
    .map((ids) =>
      route.pathParams.reduce((url, name, i) => url.replace(`{${name}}`, ids[i] ?? ''), route.path),
    );
  const query = fc
    .array(
      fc
        .constantFrom(...route.queryParams, 'unknown')
        .chain((name) =>
          (name === 'before' ? fc.oneof(hostileCursor, hostileString) : hostileString).map(
            (value): [string, string] => [name, value],
          ),
        ),
      { maxLength: 3 },
    )
    .map((pairs) => (pairs.length === 0 ? '' : `?${new URLSearchParams(pairs).toString()}`));
  const hasBody = !['GET', 'HEAD'].includes(route.method);
  return fc
    .record({
      path,
      query,
      auth: fc.constantFrom('none' as const, 'user' as const, 'admin' as const),
      body: hasBody
        ? bodyFor(route)
        : fc.constant({ contentType: undefined, body: undefined, bodyKind: 'no body' }),
    })
    .map(({ path: url, query: search, auth, body }) => ({
      method: route.method,
      url: `${url}${search}`,
      auth,
      ...body,
    }));
}

/**
 * Requests that aim at a route's cursor and path parameters only (the rest of the request well-formed and
 * signed in): every path parameter hostile, and a hostile `before` where the route pages.
 */
export function cursorAndPathRequestsFor(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  return cursorAndPath(route, hostileCursor);
}

/** The same, with each of KNOWN_HOSTILE_CURSORS in turn as the cursor (for routes that page). */
export function knownCursorRequestsFor(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  return cursorAndPath(route, fc.constantFrom(...KNOWN_HOSTILE_CURSORS));
}

function cursorAndPath(route: FuzzRoute, cursors: fc.Arbitrary<string>): fc.Arbitrary<FuzzRequest> {
  const path = fc
    .tuple(...route.pathParams.map(() => hostileId))
    .map((ids) =>
      route.pathParams.reduce((url, name, i) => url.replace(`{${name}}`, ids[i] ?? ''), route.path),
    );
  const query = route.queryParams.includes('before')
    ? cursors.map((cursor) => `?${new URLSearchParams({ before: cursor }).toString()}`)
    : fc.constant('');
  return fc
    .record({ path, query, auth: fc.constantFrom('user' as const, 'admin' as const) })
    .map(({ path: url, query: search, auth }) => ({
      method: route.method,
      url: `${url}${search}`,
      auth,
      contentType: ['GET', 'HEAD'].includes(route.method) ? undefined : 'application/json',
      body: ['GET', 'HEAD'].includes(route.method) ? undefined : '{}',
      bodyKind: 'cursor and path',
    }));
}

/** What must never be in an answer: a stack trace, SQL or driver text, a file path on the server. */
export const LEAKS: RegExp[] = [
  /\n\s+at [\w.<>$]+ \(/,
  /\bat (?:async )?[\w.$<>]+ \((?:file:\/\/)?\/[^)]+:\d+:\d+\)/,
  /node_modules/,
  /\/work\/|\/home\/|\/usr\/|[A-Z]:\\\\/,
  /\.(?:ts|js|mjs):\d+/,
  /QueryFailedError|EntityNotFound|TypeORM/i,
  /syntax error at or near|violates (?:unique|foreign key|check|not-null) constraint|invalid input syntax for|relation "\w+" does not exist/i,
  /\b(?:SELECT|INSERT INTO|UPDATE) [\w"]+.*\b(?:FROM|VALUES|SET)\b/,
  /Maximum call stack|RangeError|TypeError|ReferenceError/,
];
