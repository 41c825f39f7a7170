import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-body.js';

/** Deepest JSON nesting a body may have (objects and arrays); our DTOs need 3. */
export const MAX_JSON_DEPTH = 32;
/** Most items one JSON array may hold; our largest DTO array (bet outcomes) allows 10. */
export const MAX_ARRAY_LENGTH = 1000;

/* eslint-disable no-control-regex -- finding control characters is the point */
/** C0 controls never allowed anywhere: everything below U+0020 except tab, line feed and carriage return. */
const ALWAYS_REFUSED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
/**
 * In a single-line field (a name, a link, a cursor, a path or query parameter): every C0 control, and the
 * bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), which make
 * `https://example.com/\u202egnp.exe` display as `.../exe.png`. The plain marks (LRM, RLM, ALM) stay
 * allowed: right-to-left names need them and they cannot reorder text.
 */
const ANY_CONTROL = /[\u0000-\u001f\u202a-\u202e\u2066-\u2069]/;
/* eslint-enable no-control-regex */

/**
 * True when `text` holds a control character its field may not hold (tab and newlines, and the
 * bidirectional controls, only in multi-line text).
 */
export function hasControlCharacter(text: string, multiLine = false): boolean {
  return (multiLine ? ALWAYS_REFUSED : ANY_CONTROL).test(text);
}

export interface InputProblem {
  field: string;
  message: string;
}

const fieldName = (path: string): string => path || 'body';

/**
 * Parsed JSON (or form fields) only: plain objects and arrays. Files, Buffers and streams a multipart parser
 * puts in a body are not walked (their internals are neither user text nor bounded).
 */
function isPlainData(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * The first thing in a parsed body, query or path that must never reach class-transformer, a DTO or
 * PostgreSQL: nesting deeper than MAX_JSON_DEPTH, an array longer than MAX_ARRAY_LENGTH, or a control
 * character other than tab/newline in a string or key. Iterative, so no input can overflow the stack.
 */
export function findHostileInput(value: unknown, root = ''): InputProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const { value: item, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof item === 'string') {
      if (hasControlCharacter(item, true)) {
        return { field: fieldName(path), message: `${fieldName(path)} must not contain control characters` };
      }
      continue;
    }
    if (typeof item !== 'object' || item === null || !isPlainData(item)) continue;
    if (depth >= MAX_JSON_DEPTH) {
      return {
        field: fieldName(path),
        message: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep`,
      };
    }
    if (Array.isArray(item)) {
      if (item.length > MAX_ARRAY_LENGTH) {
        return {
          field: fieldName(path),
          message: `${fieldName(path)} must have at most ${MAX_ARRAY_LENGTH} items`,
        };
      }
      item.forEach((child, index) =>
        stack.push({ value: child, path: `${path}[${index}]`, depth: depth + 1 }),
      );
      continue;
    }
    for (const [key, child] of Object.entries(item)) {
      const childPath = path ? `${path}.${key}` : key;
      if (hasControlCharacter(key)) {
        return {
          field: fieldName(path),
          message: `${fieldName(path)} has a field name with control characters`,
        };
      }
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

/** Path parameters and the query string: single-line by nature, so no control character at all. */
function findHostileParameter(values: unknown): InputProblem | null {
  if (typeof values !== 'object' || values === null) return null;
  for (const [key, value] of Object.entries(values)) {
    for (const text of Array.isArray(value) ? value : [value]) {
      if (typeof text === 'string' && hasControlCharacter(text)) {
        return { field: key, message: `${key} must not contain control characters` };
      }
    }
  }
  return null;
}

/**
 * Refuses hostile input with a 400 naming the field before any route code, pipe or transformer sees it.
 * One Fastify hook for every route, so no DTO has to remember it. Tabs and newlines pass here and are
 * refused by the validation pipe in every field not marked @MultiLineText().
 */
export function refuseHostileInput(fastify: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request and mostly has nothing to say.
  fastify.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done) => {
    const problem =
      findHostileParameter(request.params) ??
      findHostileParameter(request.query) ??
      findHostileInput(request.body);
    if (!problem) {
      done();
      return;
    }
    void reply
      .status(400)
      .header('content-type', 'application/json; charset=utf-8')
      .send(
        errorBody(400, problem.message, {
          code: 'invalid_input',
          fields: { [problem.field]: problem.message },
        }),
      );
  });
}
