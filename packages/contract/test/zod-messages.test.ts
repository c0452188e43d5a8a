/**
 * zod's own messages are replaced by field message keys with the real limit, table-driven
 * over every issue kind a form can cause; a message a schema declares still wins.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENUM_LABELS, fieldMessage, readFieldMessage, FIELD_MESSAGES } from '@paydesk/domain';
import '../src/zod-messages.ts';

const first = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('expected a refusal');
  return r.error.issues[0]!.message;
};

describe('zod issues without a message of their own', () => {
  const cases: [string, z.ZodType, unknown, string][] = [
    ['number too big', z.number().max(999), 5000, 'enter a number of at most 999'],
    ['number too small', z.number().min(3), 1, 'enter a number of at least 3'],
    ['positive', z.number().positive(), 0, 'enter a number above 0'],
    ['below (exclusive)', z.number().lt(10), 10, 'enter a number below 10'],
    ['int', z.number().int(), 1.5, 'enter a whole number'],
    ['not a number', z.number(), 'abc', 'enter a number'],
    ['missing', z.object({ A: z.string() }), {}, 'placeholder_cannot_be_empty'],
    ['text too long', z.string().max(100), 'x'.repeat(150), 'enter at most 100 characters'],
    ['text empty', z.string().min(1), '', 'placeholder_cannot_be_empty'],
    ['text too short', z.string().min(8), 'abc', 'enter at least 8 characters'],
    ['too many', z.array(z.string()).max(2), ['a', 'b', 'c'], 'choose at most 2'],
    ['too few', z.array(z.string()).min(1), [], 'choose at least 1'],
    ['enum', z.enum(['A', 'B']), 'C', 'choose one of the options'],
    ['email', z.email(), 'nope', 'please enter a valid email address'],
    ['date', z.iso.date(), '2026-02-30', 'enter a real date'],
    ['union', z.union([z.literal(0), z.literal(1)]), 2, 'enter a valid value'],
    ['wrong kind', z.string(), 12, 'enter a valid value'],
  ];

  it.each(cases)('%s', (_, schema, input, expected) => {
    const message = first(schema, input);
    expect(message).toBe(expected);
    // Every such message is a catalogue key, or one filled with its limit, in every language.
    const { key } = readFieldMessage(message);
    for (const lang of ['en', 'ms', 'zh'] as const) expect(ENUM_LABELS[lang][key], `${lang}: ${key}`).toBeTypeOf('string');
  });

  it('leaves a declared message alone', () => {
    expect(first(z.number().max(999, 'declared'), 5000)).toBe('declared');
  });

  it('fills a key only with the values it names', () => {
    expect(fieldMessage(FIELD_MESSAGES.wholeRange, { min: 1, max: 240 })).toBe('enter a whole number from 1 to 240');
    expect(() => fieldMessage(FIELD_MESSAGES.wholeRange, { min: 1 })).toThrow(TypeError);
    expect(readFieldMessage('text too long')).toEqual({ key: 'text too long', values: {} });
  });
});
