import { hasControlCharacter, type InputProblem } from './hostile-input.js';

const MULTI_LINE = new WeakMap<object, Set<string>>();

/**
 * Marks a DTO string property as multi-line text (a description, reason or statement typed into a text
 * area): tabs and line breaks are allowed there. Every other string field of a request body refuses all
 * control characters (see the validation pipe); NUL and the other C0 controls are refused everywhere.
 */
export function MultiLineText(): PropertyDecorator {
  return (target, property) => {
    const names = new Set(MULTI_LINE.get(target.constructor) ?? []);
    names.add(String(property));
    MULTI_LINE.set(target.constructor, names);
  };
}

function multiLineFields(dto: unknown): Set<string> {
  const names = new Set<string>();
  for (let type = dto; typeof type === 'function' && type !== Function.prototype;) {
    for (const name of MULTI_LINE.get(type) ?? []) names.add(name);
    type = Object.getPrototypeOf(type) as unknown;
  }
  return names;
}

/** The path of the first string under `value` holding any control character (nesting is capped at 32). */
function lineBreakIn(value: unknown, path: string): string | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = lineBreakIn(item, `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      const found = lineBreakIn(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

/** A tab or line break in a body field that is not @MultiLineText() (checked before transformation). */
export function findLineBreakOutsideText(body: unknown, dto: unknown): InputProblem | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const allowed = multiLineFields(dto);
  for (const [key, value] of Object.entries(body)) {
    if (allowed.has(key)) continue;
    const field = lineBreakIn(value, key);
    if (field) return { field, message: `${field} must not contain control characters` };
  }
  return null;
}
