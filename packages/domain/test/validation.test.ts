import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_TYPES, MAX_TEXT_LENGTH, VALIDATION_MESSAGES, VALIDATION_MESSAGE_KEYS, validateField, type FieldType } from '../src/index.ts';

const M = VALIDATION_MESSAGES;

describe('validateField: messages and types (§5)', () => {
  it('uses the spec message keys exactly', () => {
    expect(M).toEqual({
      required: 'placeholder_cannot_be_empty',
      tooLong: 'text too long',
      unknownType: 'unknown validator type',
      email: 'please enter a valid email address',
      phone: 'enter a valid phone no',
      decimal: 'invalid transaction amount',
      url: 'invalid url',
      number: 'enter number only',
      merchantOrder: 'invalid merchant order',
    });
    expect(FIELD_TYPES).toEqual(['email', 'phone', 'decimal', 'url', 'number', 'merchantOrder']);
  });

  it.each(FIELD_TYPES)('%s: an optional empty field passes; a required one fails with placeholder_cannot_be_empty', (type) => {
    for (const empty of ['', '   ', null, undefined]) {
      expect(validateField(type, empty)).toBe(true);
      expect(validateField(type, empty, { required: false })).toBe(true);
      expect(validateField(type, empty, { required: true })).toBe('placeholder_cannot_be_empty');
    }
  });

  it.each(FIELD_TYPES)('%s: more than 250 characters is "text too long"', (type) => {
    expect(MAX_TEXT_LENGTH).toBe(250);
    const long: Record<FieldType, string> = {
      email: `${'a'.repeat(60)}@${'b'.repeat(186)}.com`, // 251 characters
      phone: `0123456789${' '.repeat(241)}`,
      decimal: '1'.repeat(251),
      url: `https://shop.com.my/${'p'.repeat(231)}`,
      number: '1'.repeat(251),
      merchantOrder: 'a'.repeat(251),
    };
    expect(long[type]).toHaveLength(251);
    expect(validateField(type, long[type])).toBe('text too long');
    expect(validateField(type, long[type], { required: true })).toBe('text too long');
  });

  it('exactly 250 characters is not too long', () => {
    expect(validateField('number', '1'.repeat(250))).toBe(true);
    expect(validateField('merchantOrder', 'a'.repeat(250))).toBe(true);
  });

  it('an unknown type fails, whatever the value', () => {
    for (const type of ['iban', 'Email', '', 'constructor', '__proto__', 'toString']) {
      expect(validateField(type, 'foo@bar.com')).toBe('unknown validator type');
      expect(validateField(type, '')).toBe('unknown validator type');
      expect(validateField(type, undefined, { required: true })).toBe('unknown validator type');
    }
  });

  it('judges numbers by their decimal text and fails other non-text values', () => {
    expect(validateField('decimal', 12.5)).toBe(true);
    expect(validateField('number', 12)).toBe(true);
    expect(validateField('number', 12.5)).toBe('enter number only');
    expect(validateField('decimal', Number.NaN)).toBe('invalid transaction amount');
    expect(validateField('decimal', Number.POSITIVE_INFINITY)).toBe('invalid transaction amount');
    expect(validateField('email', {})).toBe('please enter a valid email address');
    expect(validateField('merchantOrder', ['a'])).toBe('invalid merchant order');
    expect(validateField('number', 12n)).toBe(true);
  });
});

describe('validateField: each type', () => {
  const table: [FieldType, string[], string[]][] = [
    [
      'email',
      [
        'foo@bar.com', 'x@x.au', 'foo@bar.com.au', 'foo+bar@bar.com', 'test.1@gmail.com', 'test@1337.com', 'test123+ext@gmail.com',
        'some.name.midd.leNa.me.and.locality+extension@GoogleMail.com', 'finance@kedai-runcit.com.my', 'a@b.accountant',
      ],
      [
        'invalidemail@', 'invalid.com', '@invalid.com', 'foo@bar.com.', 'foo@bar.co.uk.', 'z@co.c', 'test1@invalid.co m',
        'multiple..dots@stillinvalid.com', 'ends.with.dot.@gmail.com', 'nbsp test@test.com', 'username@domain.com©',
        'wrong()[]",:;<>@@gmail.com', 'foo@bar', 'a@b.c0m', 'a@b.enterprises', 'foo@-bar.com', 'foo@bar.com ',
        '"foobar"@example.com', `${'a'.repeat(65)}@example.com`,
      ],
    ],
    [
      'phone',
      [
        '012-345 6789', '0123456789', '+60123456789', '60123456789', '+60 12-345 6789', '011-1234 5678', '019-234 5678', '03-2385 6789',
        '04-234 5678', '082-234 567', '1300 12 3456', '1-800-12-3456', '+65 6123 4567',
      ],
      ['0123', '999', '112', 'abc', '+60', '012-345 678', '011-234 5678', '012-345 67890', '02-1234 5678', '03-1234 5678', 'call 0123456789', '0123456789x'],
    ],
    [
      'decimal',
      ['0', '12', '007', '12.5', '12.50', '12.', '.5', '1234567.89', '0.001'],
      ['1,000', '12.3.4', '-5', '+5', '1e3', '.', 'abc', ' 12', '12 ', '１２', 'RM12'],
    ],
    [
      'url',
      [
        'https://paydesk.com.my', 'http://localhost:3000/api/callback', 'www.shop.com.my', 'shop.com.my/path?q=1#top',
        'https://user:secret@pay.example.com:8443/a/b', 'http://192.168.1.10/notify', 'ftp://files.example.org', 'HTTPS://SHOP.MY',
      ],
      ['http://', 'shop', 'https://shop .my', 'javascript:alert(1)', 'mailto:a@b.com', 'http://256.1.1.1', 'https://-shop.com', 'ht tp://a.com'],
    ],
    ['number', ['0', '0123', '9999999999'], ['12.5', '-1', '1a', '１２', ' 1', '1 2', '+60']],
    [
      'merchantOrder',
      [
        'Order #1234', 'INV-2026/001 (deposit)', 'Bayaran yuran sekolah, Mac 2026', '订单 8891', "Kedai Ah Meng's order: 2 x nasi lemak @ RM5.50!",
        'Line one\nline two', 'Café “special” – 50% off',
      ],
      ['<script>alert(1)</script>', 'a\\b', 'price `x`', 'a|b', 'emoji 😀', 'nul\u0000', '{json}', 'x^2'],
    ],
  ];

  describe.each(table)('%s', (type, valid, invalid) => {
    it.each(valid)('accepts %j', (value) => {
      expect(validateField(type, value)).toBe(true);
    });
    it.each(invalid)('rejects %j', (value) => {
      expect(validateField(type, value)).toBe(VALIDATION_MESSAGES[type]);
    });
  });

  it('phone reads national numbers in options.country (default MY)', () => {
    expect(validateField('phone', '6123 4567')).toBe('enter a valid phone no');
    expect(validateField('phone', '6123 4567', { country: 'SG' })).toBe(true);
    expect(validateField('phone', '6123 4567', { country: 'sg' })).toBe(true);
    expect(validateField('phone', '012-345 6789', { country: 'MY' })).toBe(true);
    expect(validateField('phone', '+60 12-345 6789', { country: 'SG' })).toBe(true);
    expect(validateField('phone', '012-345 6789', { country: 'XX' })).toBe('enter a valid phone no');
    expect(validateField('phone', '012-345 6789', { country: '' })).toBe('enter a valid phone no');
  });
});

describe('validateField: properties', () => {
  const anyType = fc.oneof(fc.constantFrom(...FIELD_TYPES), fc.string());
  const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 300 }), fc.stringMatching(/^[\d\s+().-]{0,30}$/));

  it('never throws and always answers true or a message key, for any string of any type', () => {
    fc.assert(
      fc.property(anyType, anyText, fc.boolean(), (type, value, required) => {
        const r = validateField(type, value, { required });
        return r === true || VALIDATION_MESSAGE_KEYS.includes(r);
      }),
      { numRuns: 5000 },
    );
  });

  it('never throws on any value or options', () => {
    fc.assert(
      fc.property(anyType, fc.anything(), fc.anything(), (type, value, options) => {
        const r = validateField(type, value, options as never);
        return r === true || VALIDATION_MESSAGE_KEYS.includes(r);
      }),
      { numRuns: 3000 },
    );
  });

  it('any text over 250 characters is too long for every known type', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELD_TYPES), fc.string({ minLength: 251, maxLength: 400 }), (type, value) =>
        value.trim() === '' || validateField(type, value) === 'text too long',
      ),
      { numRuns: 1000 },
    );
  });

  it('number accepts exactly the non-empty digit strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (value) => {
        const expected = value.trim() === '' || /^\d+$/.test(value);
        return (validateField('number', value) === true) === expected;
      }),
      { numRuns: 3000 },
    );
  });
});
