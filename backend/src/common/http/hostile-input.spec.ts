import { Readable } from 'node:stream';
import { findHostileInput, hasControlCharacter, MAX_ARRAY_LENGTH, MAX_JSON_DEPTH } from './hostile-input.js';
import { findLineBreakOutsideText, MultiLineText } from './multi-line-text.js';

describe('findHostileInput', () => {
  const nest = (depth: number): unknown => (depth === 0 ? 'x' : [nest(depth - 1)]);

  it('names the field holding a control character, in objects, arrays and keys', () => {
    expect(findHostileInput({ a: { b: ['ok', 'n\u0000'] } })).toEqual({
      field: 'a.b[1]',
      message: 'a.b[1] must not contain control characters',
    });
    expect(findHostileInput({ 'k\u0007': 1 })?.message).toBe('body has a field name with control characters');
    expect(findHostileInput('\u001f')?.field).toBe('body');
  });

  it('lets tab, newline and carriage return through (the pipe decides per field) and ordinary text', () => {
    expect(findHostileInput({ text: 'a\tb\r\nc', emoji: '🎲', accents: 'Zoë' })).toBeNull();
    expect(hasControlCharacter('a\nb')).toBe(true);
    expect(hasControlCharacter('a\nb', true)).toBe(false);
    expect(hasControlCharacter('a\u0000b', true)).toBe(true);
  });

  it('caps depth and array length', () => {
    expect(findHostileInput(nest(MAX_JSON_DEPTH))).toBeNull();
    expect(findHostileInput(nest(MAX_JSON_DEPTH + 1))?.message).toBe(
      `The request body is nested more than ${MAX_JSON_DEPTH} levels deep`,
    );
    expect(findHostileInput({ list: Array.from({ length: MAX_ARRAY_LENGTH + 1 }, () => 1) })?.message).toBe(
      `list must have at most ${MAX_ARRAY_LENGTH} items`,
    );
    // 100,000 levels: iterative, no stack overflow.
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findHostileInput(deep)?.message).toMatch(/nested more than/);
  });

  it('does not walk files, Buffers or streams a multipart parser puts in a body', () => {
    const file = { type: 'file', file: Readable.from(['\u0000']), data: Buffer.from([0, 1, 2]) };
    expect(findHostileInput({ avatar: file, name: 'ok' })).toBeNull();
  });
});

describe('findLineBreakOutsideText', () => {
  class NoteDto {
    title = '';
    @MultiLineText()
    notes = '';
  }
  class LongNoteDto extends NoteDto {}

  it('allows tabs and line breaks only in @MultiLineText() fields, inherited ones included', () => {
    expect(
      findLineBreakOutsideText({ title: 'One line', notes: 'two\r\nlines\tand a tab' }, NoteDto),
    ).toBeNull();
    expect(findLineBreakOutsideText({ notes: 'two\nlines' }, LongNoteDto)).toBeNull();
    expect(findLineBreakOutsideText({ title: 'two\nlines' }, NoteDto)).toEqual({
      field: 'title',
      message: 'title must not contain control characters',
    });
  });

  it('checks strings inside arrays and nested objects as single-line text', () => {
    expect(findLineBreakOutsideText({ outcomes: ['Yes', 'N\to'] }, NoteDto)?.field).toBe('outcomes[1]');
    expect(findLineBreakOutsideText({ keys: { auth: 'a\nb' } }, NoteDto)?.field).toBe('keys.auth');
  });
});
