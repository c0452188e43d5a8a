import { parsePhoneNumberFromString, isSupportedCountry, type CountryCode } from 'libphonenumber-js/max';
import { MAX_TEXT_LENGTH, PHONE_NATIONAL_MAX_DIGITS, PHONE_NATIONAL_MIN_DIGITS } from './enums.ts';
import { FIELD_PATTERNS } from './field-patterns.ts';

/**
 * The message keys of the shared field validator (§5, §8 "Validator messages are listed under
 * point 5"), exactly as the spec words them. They are i18n keys: ENUM_LABELS (i18n/enum-labels.ts)
 * carries their English, Malay and Chinese texts.
 */
export const VALIDATION_MESSAGES = Object.freeze({
  /** A required field is empty (§5 refund form service type, reject/not-found description). */
  required: 'placeholder_cannot_be_empty',
  /** Longer than MAX_TEXT_LENGTH (250) characters, for every type (§5, §9). */
  tooLong: 'text too long',
  /** The validator type is not one of FIELD_TYPES (§5 "An unknown type fails"). */
  unknownType: 'unknown validator type',
  email: 'please enter a valid email address',
  phone: 'enter a valid phone no',
  decimal: 'invalid transaction amount',
  url: 'invalid url',
  number: 'enter number only',
  merchantOrder: 'invalid merchant order',
} as const);
export type ValidationMessage = (typeof VALIDATION_MESSAGES)[keyof typeof VALIDATION_MESSAGES];
/** Every message key validateField can return. */
export const VALIDATION_MESSAGE_KEYS: readonly ValidationMessage[] = Object.freeze(Object.values(VALIDATION_MESSAGES));

/** The field types of the shared validator (§5); `merchantOrder` is the merchant order description. */
export const FIELD_TYPES = ['email', 'phone', 'decimal', 'url', 'number', 'merchantOrder'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface ValidateFieldOptions {
  /** An empty value fails with 'placeholder_cannot_be_empty' instead of passing (§5). */
  required?: boolean;
  /**
   * phone only: the ISO 3166-1 alpha-2 country a number without an international prefix is read
   * in; default 'MY' (§9: lookups are fixed to Malaysia). An unsupported code makes every
   * non-empty phone value fail.
   */
  country?: string;
}

/** Default country of phone numbers (§9). */
export const DEFAULT_PHONE_COUNTRY = 'MY';

/** Characters a typed phone number may contain: an optional leading '+', digits, spaces, - . ( ) /. */
const PHONE_CHARS = /^\+?[\d\s\-.()/]+$/;

function isValidPhone(text: string, country: string): boolean {
  const region = country.toUpperCase();
  if (!PHONE_CHARS.test(text) || !isSupportedCountry(region)) return false;
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: region as CountryCode, extract: false });
  if (!parsed) return false;
  const national = parsed.nationalNumber.length;
  return national >= PHONE_NATIONAL_MIN_DIGITS && national <= PHONE_NATIONAL_MAX_DIGITS && parsed.isValid();
}

/** The text of a value as the validator judges it; null when the value cannot be text. */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'bigint') return String(value);
  return null;
}

function isFieldType(type: unknown): type is FieldType {
  return typeof type === 'string' && (FIELD_TYPES as readonly string[]).includes(type);
}

/**
 * The shared field validator of §5: returns `true` or the message key (VALIDATION_MESSAGES).
 * Order of the checks:
 *  1. an unknown `type` fails with 'unknown validator type', whatever the value (§5);
 *  2. an empty value (undefined, null, '' or only whitespace) passes, unless `options.required`,
 *     then 'placeholder_cannot_be_empty' (§5 "An optional empty field passes");
 *  3. text longer than MAX_TEXT_LENGTH (250) characters fails with 'text too long' (§5, §9);
 *  4. the type's rule, else its message:
 *     - email: local@domain with a 2–10 letter ending — 'please enter a valid email address';
 *     - phone: a valid number per libphonenumber-js (full metadata), read in `options.country`
 *       (default 'MY') unless it starts with an international prefix, with a national part of
 *       2–17 digits — 'enter a valid phone no';
 *     - decimal: digits with an optional single decimal point, or starting with a point —
 *       'invalid transaction amount';
 *     - url: the general URL pattern (FIELD_PATTERNS.url) — 'invalid url';
 *     - number: digits only — 'enter number only';
 *     - merchantOrder: letters, digits, whitespace and common punctuation — 'invalid merchant order'.
 * Numbers are judged by their decimal text (12.5 as "12.5"); any other non-string value fails
 * with the type's message. Never throws.
 */
export function validateField(type: FieldType | (string & {}), value: unknown, options: ValidateFieldOptions = {}): true | ValidationMessage {
  try {
    if (!isFieldType(type)) return VALIDATION_MESSAGES.unknownType;
    const required = options?.required === true;
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      return required ? VALIDATION_MESSAGES.required : true;
    }
    const text = asText(value);
    if (text === null) return VALIDATION_MESSAGES[type];
    if (text.length > MAX_TEXT_LENGTH) return VALIDATION_MESSAGES.tooLong;
    let ok: boolean;
    switch (type) {
      case 'email':
        ok = FIELD_PATTERNS.email.test(text);
        break;
      case 'phone':
        ok = isValidPhone(text.trim(), typeof options?.country === 'string' ? options.country : DEFAULT_PHONE_COUNTRY);
        break;
      case 'decimal':
        ok = FIELD_PATTERNS.decimal.test(text);
        break;
      case 'url':
        ok = FIELD_PATTERNS.url.test(text);
        break;
      case 'number':
        ok = FIELD_PATTERNS.number.test(text);
        break;
      case 'merchantOrder':
        ok = FIELD_PATTERNS.merchantOrder.test(text);
        break;
    }
    return ok ? true : VALIDATION_MESSAGES[type];
  } catch {
    // Defensive: a library error (e.g. libphonenumber on exotic input) is a failed value, never a crash.
    return isFieldType(type) ? VALIDATION_MESSAGES[type] : VALIDATION_MESSAGES.unknownType;
  }
}
