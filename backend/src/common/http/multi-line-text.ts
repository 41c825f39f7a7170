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

/** A tab or line break in a body field that is not @MultiLineText() (checked before transformation). */
export function findLineBreakOutsideText(body: unknown, dto: unknown): InputProblem | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const allowed = multiLineFields(dto);
  for (const [key, value] of Object.entries(body)) {
    if (allowed.has(key)) continue;
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((text) => typeof text === 'string' && hasControlCharacter(text))) {
      return { field: key, message: `${key} must not contain control characters` };
    }
  }
  return null;
}
