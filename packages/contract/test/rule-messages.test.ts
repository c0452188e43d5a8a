/**
 * Every validation message a user can see is a translated catalogue key, generated over
 * every field of every resource (RESOURCES), every cross-field rule (`refine`) and the request
 * schemas of the hand-declared routes: hostile and near-miss inputs (wrong types, out-of-range
 * numbers, too-long strings, bad patterns, duplicates, empty values) are run through each schema,
 * every issue message is read back (readFieldMessage) and its key must have an English, a Malay
 * and a Chinese text in ENUM_LABELS, Malay and Chinese not a copy of the English, with the same
 * {{placeholders}}. Messages a generator cannot reach are found statically: every string literal
 * in a message position of the declaration sources must be a catalogue key too. Finally every
 * RULE_MESSAGES key must be reached by some input (no dead key, no rule left untested).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { ENUM_LABELS, MESSAGE_TEMPLATE_KEYS, RULE_MESSAGES, RULE_MESSAGE_KEYS, readFieldMessage } from '@paydesk/domain';
import { declaredResourceTexts, ProfileCreateRequest, ProfileReviewRequest, RESOURCES, ROUTE_TABLE, resourceSchemas, type FieldDef, type ResourceDef } from '../src/index.ts';

const LANGUAGES = ['en', 'ms', 'zh'] as const;

/**
 * Keys whose Malay or Chinese text may equal the English, with the reason. None today: even a
 * message about codes (SWIFT BIC, ISO 4217) says what to do in the user's language.
 */
const SAME_AS_ENGLISH: Readonly<Record<string, string>> = {};

/** Why the ingest API's row messages are not reached by a route schema's generated input. */
const INGEST_ROWS = 'the ingest API checks each row on the server against TxnIngestRow / TxnEventRow and answers it per row (server txn-ingest/rows.ts, events.ts), not through the route schema; txn-ingest.test.ts generates its cases';

/** RULE_MESSAGES keys no input can reach today, with the reason. */
const UNREACHABLE: Readonly<Record<string, string>> = {
  [RULE_MESSAGES.placeholderNone]: 'every message template key offers at least one placeholder; the message guards a key added without any',
  [RULE_MESSAGES.logFileName]: 'the terminal log file upload checks its query string before its body (server log-file-door.ts), not through a route schema; log-files.test.ts generates its cases',
  [RULE_MESSAGES.logDateNotFuture]: 'the terminal log file upload checks its query string before its body (server log-file-door.ts), not through a route schema; log-files.test.ts generates its cases',
  [RULE_MESSAGES.ingestAmount]: INGEST_ROWS,
  [RULE_MESSAGES.ingestRef]: INGEST_ROWS,
  [RULE_MESSAGES.ingestEventId]: INGEST_ROWS,
  [RULE_MESSAGES.ingestCode]: INGEST_ROWS,
  [RULE_MESSAGES.countryCode]: INGEST_ROWS,
  [RULE_MESSAGES.maskedPan]: INGEST_ROWS,
  [RULE_MESSAGES.captureNeeds]: INGEST_ROWS,
  [RULE_MESSAGES.terminalCodes]: INGEST_ROWS,
  [RULE_MESSAGES.phoneShape]: INGEST_ROWS,
};

const placeholdersOf = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** Every key seen, by the message that carried it (for the failure report). */
const seen = new Map<string, string>();

/** A message key's text: the shared catalogue's, or the declaring resource's own (engine v2 `texts`). */
const textOf = (lang: (typeof LANGUAGES)[number], key: string): string | undefined => ENUM_LABELS[lang][key] ?? declaredResourceTexts()[lang][key];

/** Asserts `message` is a catalogue key (filled or plain) with real texts in every language. */
function expectCatalogued(message: string, where: string) {
  const { key } = readFieldMessage(message);
  seen.set(key, message);
  for (const lang of LANGUAGES) {
    const text = textOf(lang, key);
    expect(text, `${where}: '${message}' has no ${lang} text (key '${key}')`).toBeTypeOf('string');
    expect(placeholdersOf(text!), `${where}: ${lang} placeholders of '${key}'`).toEqual(placeholdersOf(key));
    if (lang !== 'en' && !(key in SAME_AS_ENGLISH)) expect(text, `${where}: ${lang} text of '${key}' is the English`).not.toBe(textOf('en', key));
  }
  // One style: the English is the key sentence-cased, no trailing period.
  expect(textOf('en', key)!.endsWith('.'), `${where}: '${key}' ends with a period`).toBe(false);
}

/** Issues a user can cause through a form or a file (not unknown keys of a hand-written request). */
const USER_ISSUES = (issues: z.core.$ZodIssue[]) => issues.filter((i) => i.code !== 'unrecognized_keys');

function checkIssues(result: { success: boolean; error?: z.ZodError }, where: string) {
  if (result.success) return;
  for (const issue of USER_ISSUES(result.error!.issues)) {
    expectCatalogued(issue.message, where);
    // A record's bad key carries the key schema's own message inside.
    if (issue.code === 'invalid_key') for (const inner of issue.issues) expectCatalogued(inner.message, `${where} (key)`);
  }
}

/** Values worth trying anywhere: wrong types, empties, edges, codes that rules look at. */
const INTERESTING: unknown[] = [
  undefined, null, '', ' ', 0, 1, -1, 1.5, 2, 3, 4, 5, 101, 150, 2 ** 31, Number.NaN, true, false, [], {}, '0', '1', '0.00', '0.5', '10.123', '-3', '1e3', '0x10', 'abc',
  'x'.repeat(5000), 'MYS', 'CHN', 'mys', '52000001', '41000001', '99999999', '4111', 'VISA', 'MASTER', 'CUSTOM', 'T_PLUS_X', 'EMAIL', 'SMS', 'PUSH', 'CASHIER',
  'MERCHANT_HQ', 'AMOUNT', '1999-01-01', '2101-05-05', '2026-02-30', '2026/01/01', '2026-05-01', 'mbb', 'MBB0228', 'MBBEMYKL', 'MBB-MY', 'ec fpx', 'EC-FPX-B2C',
  'Payment:Accept', 'payment:accept', 'payment', 'http://x.test', 'https://x.test/cb', 'Hi {{ UserName }}', 'Hi {{Nope}}', 'Hi {{', 'Hi {{UserName}}',
  ['A', 'A'], ['JHR', 'JHR'], ['TNG', 'TNG'], ['refund:request', 'user:manage'], ['bad code'], Array.from({ length: 300 }, (_, i) => `P${i}`),
  ...MESSAGE_TEMPLATE_KEYS.slice(0, 3).map((k) => k.key),
  // User memberships: the same company and group twice.
  [{ CompanyId: 4, GroupId: 2 }, { CompanyId: 4, GroupId: 2 }],
];

/** Near misses of one field, from its declaration: option values, limits ± 1, too-long text, duplicates. */
function nearMisses(f: FieldDef): unknown[] {
  const options = (f.options ?? []).map((o) => o.value);
  const l = f.limits ?? {};
  const out: unknown[] = [...options, ...options.map(String), options.length ? [options[0], options[0]] : ['A'], options.map(String)];
  if (l.min !== undefined) out.push(l.min - 1, String(l.min - 1), l.min);
  if (l.max !== undefined) out.push(l.max + 1, String(l.max + 1), l.max);
  if (l.maxLength !== undefined) out.push('a'.repeat(l.maxLength + 1), '1'.repeat(l.maxLength + 1), 'A'.repeat(l.maxLength));
  if (l.decimals !== undefined) out.push(`1.${'1'.repeat(l.decimals + 1)}`);
  return out;
}

const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 240, maxLength: 5000 }),
  fc.stringMatching(/^[A-Za-z0-9 _:{}.@/-]{1,14}$/),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 40 }),
  fc.array(fc.constantFrom('A', 'B', 'JHR', 'refund:request'), { maxLength: 4 }),
  fc.bigInt().map(String),
);

const resources = RESOURCES.map((def) => [def.name, def] as const);

describe('messages of every field schema', () => {
  it.each(resources)('%s: every issue of every field is a translated catalogue key', (name, def) => {
    for (const [field, f] of Object.entries(def.fields)) {
      const where = `${name}.${field}`;
      for (const input of [...INTERESTING, ...nearMisses(f)]) checkIssues(f.schema.safeParse(input), where);
      fc.assert(
        fc.property(hostile, (input) => checkIssues(f.schema.safeParse(input), where)),
        { numRuns: 150 },
      );
    }
  });
});

/** A record of `def` with each field drawn from its near misses, the interesting values or absent. */
const recordOf = (def: ResourceDef) =>
  fc.record(
    Object.fromEntries(Object.entries(def.fields).map(([k, f]) => [k, fc.constantFrom(...nearMisses(f), ...INTERESTING)])),
    { requiredKeys: [] },
  );

/** Crafted records for each rule's branches, so a rule's every message is judged whatever the draw. */
const CRAFTED: Record<string, Record<string, unknown>[]> = {
  CardBin: [
    { BinPrefix: '99999999' },
    { BinPrefix: '52000001', CardScheme: 'VISA' },
    { IssuerCountry: 'MYS', IsDomestic: 0 },
    { IssuerCountry: 'CHN', IsDomestic: 1 },
  ],
  MdrProduct: [1, 2, 3, 4].flatMap((FeeMode) => [
    { FeeMode, MdrPercent: '0', FlatAmount: '0' },
    { FeeMode, MdrPercent: '1.5', FlatAmount: '0' },
    { FeeMode, MdrPercent: '0', FlatAmount: '1.00' },
    { FeeMode, MdrPercent: '1.5', FlatAmount: '1.00', MinFee: '5.00', MaxFee: '1.00' },
  ]),
  RiskParameter: [
    { RuleCode: 'FOREIGN_CARD_RATIO_DAILY', Threshold: '150' },
    { RuleCode: 'INACTIVE_TXN_DAYS', Threshold: '0.5' },
    { RuleCode: 'SAME_CARD_DAILY', Threshold: '0' },
    { RuleCode: 'LIMIT_TXN_DAILY', Threshold: '0' },
    { TimeUnit: null, WindowLength: 3 },
    { TimeUnit: 'DAY', WindowLength: null },
  ],
  PayoutHoliday: [{ HolidayDate: '1999-12-31' }, { States: ['JHR', 'JHR'] }],
  MessageTemplate: MESSAGE_TEMPLATE_KEYS.slice(0, 1).flatMap((k) => [
    { TemplateKey: k.key, BodyEn: 'Hi {{ Name }}' },
    { TemplateKey: k.key, BodyMs: 'Hi {{Name' },
    { TemplateKey: k.key, BodyZh: 'Hi {{NotOffered}}' },
    { Channel: 'EMAIL', Subject: '' },
    { Channel: 'SMS', Subject: 'Hello' },
  ]),
  MobileUserGroup: [{ UserType: 'CASHIER', Permissions: ['payment:accept', 'refund:request', 'user:manage'] }],
  SystemSetting: [{ ValueType: 'COLOUR', SettingValue: 'red' }, { ValueType: 'BOOL', SettingValue: 'yes' }],
  MerchantConfig: [
    { SettlementTiming: 'CUSTOM', SettlementCustom: ' ' },
    { PayoutAccountNo: '1234567890' },
    { PayoutAccountNo: '1234567890', PayoutBankId: 3 },
  ],
};

describe('messages of every cross-field rule', () => {
  it.each(resources.filter(([, def]) => def.refine))('%s: every rule message is a translated catalogue key', (name, def) => {
    const schemas = resourceSchemas(def);
    const judge = (record: Record<string, unknown>) => {
      const broken = def.refine!(record);
      if (broken) {
        expect(Object.keys(def.fields), `${name}: a rule names an unknown field`).toContain(broken.field);
        expectCatalogued(broken.message, `${name} rule on ${broken.field}`);
      }
      checkIssues(schemas.create.safeParse(record), `${name} create`);
      checkIssues(schemas.update.safeParse({ ...record, Id: 1, Version: 1 }), `${name} update`);
    };
    for (const record of CRAFTED[name] ?? []) judge(record);
    fc.assert(fc.property(recordOf(def), judge), { numRuns: 300 });
  });
});

describe('messages of the hand-declared routes', () => {
  /** The object shape inside a request schema (through optional, default, pipe wrappers). */
  const shapeOf = (schema: z.ZodType): Record<string, z.ZodType> | null => {
    const s = schema as unknown as { shape?: Record<string, z.ZodType>; unwrap?: () => z.ZodType; _zod: { def: { innerType?: z.ZodType; in?: z.ZodType } } };
    if (s.shape) return s.shape;
    const inner = s._zod.def.innerType ?? s._zod.def.in;
    return inner ? shapeOf(inner) : null;
  };
  const requests = Object.entries(ROUTE_TABLE).flatMap(([name, r]) => (r.body ? [[name, r.body] as const] : []));
  /**
   * Field schemas already judged: a schema object shared by many routes (a report's SearchData in
   * its Search, Totals and Export; a resource's fields in Create and Update) answers every input
   * the same way wherever it sits, so it is judged once, under the first route that has it.
   */
  const judged = new WeakSet<z.ZodType>();

  it.each(requests)('%s: every issue of every request field is a translated catalogue key', (name, body) => {
    const shape = shapeOf(body);
    if (!shape) return;
    const walk = (fields: Record<string, z.ZodType>, where: string) => {
      for (const [field, schema] of Object.entries(fields)) {
        if (judged.has(schema)) continue;
        judged.add(schema);
        for (const input of INTERESTING) checkIssues(schema.safeParse(input), `${where}.${field}`);
        checkIssues(schema.safeParse({ 'Bad Key': 'x', '{{UserName}}': 'y' }), `${where}.${field}`);
        // 10 random values per field schema on top of the fixed INTERESTING ones (which reach every
        // issue kind): 24,140 random parses a run over the 2,414 distinct field schemas (4,538
        // fields), a new seed each run. 40 a field took 102 s of the unit tier; 10 with the
        // shared schemas judged once, 59 s.
        fc.assert(fc.property(hostile, (input) => checkIssues(schema.safeParse(input), `${where}.${field}`)), { numRuns: 10 });
        const nested = shapeOf(schema);
        if (nested) walk(nested, `${where}.${field}`);
      }
    };
    walk(shape, name);
    // Every field of the request was judged, here or under an earlier route sharing its schema.
    expect(Object.values(shape).every((f) => judged.has(f))).toBe(true);
  });
});

describe('messages of the profile requests', () => {
  const person = { Name: 'Tan Ah Kow', Role: 'DIRECTOR', IdType: 'NRIC', IdNo: '900101-14-5678' };
  const account = { BankId: 1, AccountType: 'CORPORATE', AccountName: 'Kedai Tan', AccountNo: '1234567890', IsPrimary: true };
  const company = {
    Name: 'Kedai Tan Sdn Bhd', RegNo: '201901000005', CompanyType: 'SDN_BHD', BusinessCategory: '5411', Address1: '1 Jalan Ampang', Postcode: '50450',
    State: 'Wilayah Persekutuan Kuala Lumpur', City: 'Kuala Lumpur', Phone: '0123456789', Email: 'tan@kedai.test', Persons: [person], BankAccounts: [account],
  };
  // Each body breaks one rule of a profile (the bodies' other fields are valid).
  const broken: Record<string, unknown>[] = [
    { ...company, Persons: [{ ...person, IdNo: '900230-14-5678' }] },
    { ...company, Persons: [{ ...person, IdType: 'PASSPORT_NO', IdNo: 'A1' }] },
    { ...company, Persons: [{ ...person, IdType: 'COMPANY_REG_NO', IdNo: '12' }] },
    { ...company, RegNo: '201999000005' },
    { ...company, RegNoOld: '123456' },
    { ...company, Postcode: '5045' },
    { ...company, State: 'Atlantis' },
    { ...company, City: 'Kota Kinabalu' },
    { ...company, BankAccounts: [{ ...account, IsPrimary: false }] },
    { ...company, BankAccounts: [{ ...account, AccountNo: '••••7890' }] },
    { ...company, Config: { SettlementTiming: 'CUSTOM' } },
  ];
  it.each(broken.map((b, i) => [i, b] as const))('create body %i: its issue is a translated catalogue key', (i, body) => {
    const result = ProfileCreateRequest.safeParse(body);
    expect(result.success, `body ${i} is refused`).toBe(false);
    checkIssues(result, `ProfileCreateRequest #${i}`);
  });
  it('a valid body passes, and a REJECT or SUSPEND without a reason is refused with a catalogue key', () => {
    expect(ProfileCreateRequest.safeParse(company).success).toBe(true);
    for (const Action of ['REJECT', 'SUSPEND']) checkIssues(ProfileReviewRequest.safeParse({ Id: 1, Version: 1, Action }), `ProfileReviewRequest ${Action}`);
  });
});

describe('messages written in the declarations', () => {
  const SOURCES = [join(import.meta.dirname, '../src/resources'), join(import.meta.dirname, '../src/resources/defs'), join(import.meta.dirname, '../src/endpoints')].flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(dir, f)),
  );
  /**
   * A string literal in a message position: the message of a `pattern` tuple, a rule's `message:`,
   * or the last argument of a zod check (regex, refine, min, max, int, positive ...).
   */
  const MESSAGE_LITERAL = /(?:message:\s*|pattern:\s*\[[^\]\n]*?,\s*|\.(?:regex|refine|min|max|int|positive|nonnegative|length|gt|gte|lt|lte)\((?:[^()\n]|\([^()\n]*\))*?,\s*|\.(?:int|positive|nonnegative)\(\s*)(['`])((?:(?!\1)[^\\\n]|\\.)*)\1/g;

  it.each(SOURCES.map((f) => [f.slice(f.indexOf('/src/') + 1), f] as const))('%s: every message literal is a translated catalogue key', (_, file) => {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(MESSAGE_LITERAL)) {
      expect(m[1], `${file}: a message built in a template literal: ${m[2]}`).toBe("'");
      expectCatalogued(m[2]!, file);
    }
  });
});

describe('the rule message keys', () => {
  it('are each reached by some input above, or listed as unreachable with a reason', () => {
    const missing = RULE_MESSAGE_KEYS.filter((k) => !seen.has(k) && !(k in UNREACHABLE));
    expect(missing).toEqual([]);
  });

  it('read back from their filled text into the key and values (text values as sent)', () => {
    expect(readFieldMessage('choose the card scheme of BIN 52000001: Mastercard (MASTER)')).toEqual({
      key: RULE_MESSAGES.binScheme,
      values: { bin: '52000001', scheme: 'Mastercard (MASTER)' },
    });
    expect(readFieldMessage('enter a rate above 0 for fee mode 3')).toEqual({ key: RULE_MESSAGES.feeModeRate, values: { mode: 3 } });
    // The server's VAL400 text is "Field: message"; the message part reads back the same.
    const val400 = 'FlatAmount: enter an amount above 0 for fee mode 2';
    const message = val400.slice(val400.indexOf(': ') + 2);
    expect(readFieldMessage(message).key).toBe(RULE_MESSAGES.feeModeAmount);
  });
});
