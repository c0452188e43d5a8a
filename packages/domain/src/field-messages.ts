/**
 * Field messages that carry a limit ("honest inputs"): "enter a whole number from 1 to
 * 240", "enter at most 100 characters". Like the §5 validator messages, the key IS the lower-case
 * English text, here with i18next placeholders ('enter a whole number from {{min}} to {{max}}');
 * ENUM_LABELS (i18n/enum-labels.ts) carries the English, Malay and Chinese texts of each key.
 *
 * Such a message travels as text — a zod issue message, the server's "Field: message" (VAL400),
 * a bulk-upload row error — so it is written filled in (`fieldMessage`) and read back into its key
 * and values (`readFieldMessage`) where it is shown, which then translates the key with the values.
 */
import { RULE_MESSAGE_KEYS, TEXT_PLACEHOLDERS, type RuleMessageKey } from './rule-messages.ts';

/** The message keys with limits. Style of every field message: a lower-case key, an instruction, no trailing period. */
export const FIELD_MESSAGES = Object.freeze({
  /** A whole number within an inclusive range (a non-number, a fraction and an out-of-range value alike). */
  wholeRange: 'enter a whole number from {{min}} to {{max}}',
  /** A whole number with only a lower bound that matters (the upper one is the column's). */
  wholeMin: 'enter a whole number of at least {{min}}',
  /** A whole number, no range (an id typed by hand). */
  whole: 'enter a whole number',
  /** A number below a lower bound (zod's too_small, where no field message was declared). */
  minValue: 'enter a number of at least {{min}}',
  /** A number above an upper bound (zod's too_big, where no field message was declared). */
  maxValue: 'enter a number of at most {{max}}',
  /** A number not above an exclusive lower bound (zod's positive()). */
  aboveValue: 'enter a number above {{min}}',
  /** A number not below an exclusive upper bound. */
  belowValue: 'enter a number below {{max}}',
  /** Not a number at all. */
  number: 'enter a number',
  /** A number within a range, with a cap on its decimals (rates). */
  decimalRange: 'enter a number from {{min}} to {{max}} with at most {{decimals}} decimals',
  /** A non-negative number with a cap on its decimals. */
  decimals: 'enter a number with at most {{decimals}} decimals',
  /** Text longer than its field's limit (the field's own limit, not the §5 250). */
  maxLength: 'enter at most {{max}} characters',
  /** Text shorter than its field's minimum. */
  minLength: 'enter at least {{min}} characters',
  /** Too few entries in a list field. */
  minItems: 'choose at least {{min}}',
  /** A fixed count of digits within a range (bank account numbers). */
  digitsRange: 'enter {{min}} to {{max}} digits',
  /** Too many entries in a list field. */
  maxItems: 'choose at most {{max}}',
  /** A value that is none of a select's options. */
  option: 'choose one of the options',
  /** A calendar date in the wrong shape. */
  dateShape: 'enter a date as YYYY-MM-DD',
  /** A date in the right shape that does not exist (2026-02-30). */
  realDate: 'enter a real date',
  /** A value of the wrong kind where no better message applies (zod's own fallback). */
  invalid: 'enter a valid value',
  /** A yes/no value that is neither. */
  yesNo: 'choose yes or no',
  /** A boolean written as text (a BOOL system setting through the API). */
  trueFalse: 'enter true or false',
  /** Text with control characters (tab, new line ...) where one line is expected. */
  controlChars: 'remove control characters',
  /** A system setting of type URL_OR_PATH. */
  urlOrPath: 'enter an http(s) URL or a path starting with /',
  /** A system setting of type URL_OR_EMPTY. */
  urlOrEmpty: 'enter an http(s) URL, or leave empty to turn it off',
} as const);
export type FieldMessageKey = (typeof FIELD_MESSAGES)[keyof typeof FIELD_MESSAGES] | RuleMessageKey;
/** Every key of FIELD_MESSAGES (each has en, ms and zh texts in ENUM_LABELS). */
export const FIELD_MESSAGE_KEYS: readonly (typeof FIELD_MESSAGES)[keyof typeof FIELD_MESSAGES][] = Object.freeze(Object.values(FIELD_MESSAGES));

/** Values put into a message: numbers are written as plain digits (what the input takes). */
export type FieldMessageValues = Record<string, number | string>;

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * The message `key` with its placeholders filled from `values`, e.g.
 * fieldMessage(FIELD_MESSAGES.wholeRange, { min: 1, max: 240 }) = 'enter a whole number from 1 to 240'.
 * Throws a TypeError when a placeholder of the key has no value (a programming error).
 */
export function fieldMessage(key: FieldMessageKey, values: FieldMessageValues = {}): string {
  return key.replace(PLACEHOLDER, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new TypeError(`fieldMessage: no value for {{${name}}} of '${key}'`);
    return String(v);
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each key with placeholders (limits and rule messages) as a pattern over its filled text, with the
 * placeholder names in order: a number where a number goes, any text for a TEXT_PLACEHOLDERS name.
 */
const READERS = [...FIELD_MESSAGE_KEYS, ...RULE_MESSAGE_KEYS].filter((k) => k.includes('{{')).map((key) => {
  const names: string[] = [];
  const source = key
    .split(PLACEHOLDER)
    .map((part, i) => {
      if (i % 2 === 0) return escape(part);
      names.push(part);
      return TEXT_PLACEHOLDERS.has(part) ? '(.+?)' : '(-?\\d+(?:\\.\\d+)?)';
    })
    .join('');
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

/**
 * Reads a message as sent (`fieldMessage`'s output or any plain key) back into the key to translate
 * and its values: 'enter at most 100 characters' → { key: 'enter at most {{max}} characters',
 * values: { max: 100 } }. A text that fills no key is answered as its own key with no values, so a
 * plain key ('text too long') or a server text passes through unchanged.
 */
export function readFieldMessage(text: string): { key: string; values: Record<string, number | string> } {
  for (const r of READERS) {
    const m = r.pattern.exec(text);
    if (m) return { key: r.key, values: Object.fromEntries(r.names.map((n, i) => [n, TEXT_PLACEHOLDERS.has(n) ? m[i + 1]! : Number(m[i + 1])])) };
  }
  return { key: text, values: {} };
}
