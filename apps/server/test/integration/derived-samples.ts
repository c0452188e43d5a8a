/**
 * Samples derived from a declaration's field kinds, so a new resource whose
 * fields are plain — no cross-field rule its required fields break, no foreign row to make first —
 * needs no hand-written samples: the contract suite, the fuzz and the tenancy sampler use these.
 *
 * - `create(i)`, i below 10,000 (the suites use 0–9001): every required writable field and every
 *   natural-key field gets the first of its kind's candidate values that the field's own schema
 *   accepts, made unique by `i` (a choice outside the key keeps its first option); a lookup field
 *   takes the lookup's demo value (`LOOKUP_VALUES`, by lookup, not by resource); an owned resource
 *   is created for an organization of master merchant 1's subtree at its first owner level.
 * - `update`: one writable field outside the natural key and the title, set to another value.
 * - `bad`: a value the field's schema refuses: an option that is not one, a text one character over
 *   its limit, a number over its maximum.
 * A declaration these cannot serve (a rule the derived record breaks, an unknown lookup, a field no
 * candidate fits, one record per organization, fewer distinct records than the suites' 10,000
 * indexes) throws here, naming it: declare its samples in
 * `samples/group-*.ts` instead.
 */
import type { FieldDef, InputKind, ResourceDef } from '@paydesk/contract';
import { resourceSchemas } from '@paydesk/contract';
import type { ResourceSamples } from './resource-samples.ts';

/** A demo value of each lookup (the seed's reference data), tried as id first, then code. */
const LOOKUP_VALUES: Readonly<Record<string, readonly unknown[]>> = {
  acquirersByServiceType: [1],
  bankList: [1],
  countryList: ['MYS', 'MALAYSIA'],
  currencies: ['MYR'],
  masterMerchantList: [1],
  mdrCategorySearch: [1],
  paymentProductList: [1, 'EC-VISA-CR'],
  subscriptionCompanyList: [1],
  terminalModels: ['PAX A920'],
};

/** An organization of master merchant 1's subtree (the demo mm@paydesk.my) at each level (see samples/group-b.ts). */
const OWNER_OF_LEVEL: Readonly<Record<string, number>> = { MASTER_MERCHANT: 1, AGENCY: 4, AGENT: 16, MERCHANT_HQ: 56, MERCHANT_BRANCH: 456 };

const pad = (i: number, n: number) => String(i).padStart(n, '0');
/** Day `i` after 2031-01-01 (YYYY-MM-DD): distinct for every i, so a date natural key stays unique. */
const dayAfter = (i: number) => new Date(Date.UTC(2031, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
const upper = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();

/** Texts of every usual shape, unique by `i`: words, a code, a slug, fixed-width capitals and digits. */
function textCandidates(name: string, f: FieldDef, i: number): unknown[] {
  switch (f.validator) {
    case 'email':
      return [`sample.${name.toLowerCase()}.${i}@example.my`];
    case 'phone':
      return [`+6012${pad(1_000_000 + i, 7)}`];
    case 'url':
      return [`https://example.my/${name.toLowerCase()}/${i}`];
    case 'decimal':
    case 'number':
      return [`${10 + i}.00`, String(10 + i)];
    default:
  }
  const width = f.limits?.maxLength ?? 40;
  return [
    `Sample ${name} ${i}`,
    `SAMPLE_${upper(name)}_${i}`,
    `sample-${name.toLowerCase()}-${i}`,
    ...[8, 6, 4, 2].map((n) => `S${pad(i, n - 1)}`),
    ...[15, 12, 10, 8, 6, 4].map((n) => pad(i, n)),
  ].filter((v) => v.length <= width);
}

/** Candidate values of each input kind (the first the field's schema accepts is used). */
const KIND_CANDIDATES = {
  text: textCandidates,
  textarea: textCandidates,
  number: (_n, f, i) => [(f.limits?.min ?? 0) + (i % Math.max(1, (f.limits?.max ?? 1000) - (f.limits?.min ?? 0) + 1))],
  decimal: (_n, _f, i) => [`${1 + (i % 9)}.50`, 1.5],
  money: (_n, _f, i) => [`${10 + i}.00`, 1000 + i],
  percent: (_n, _f, i) => [`${1 + (i % 9)}.50`, 1.5],
  select: (_n, f, i) => (f.options ?? []).map((_, k, all) => all[(i + k) % all.length]!.value),
  multiselect: (_n, f, i) => (f.options ?? []).map((_, k, all) => [all[(i + k) % all.length]!.value]),
  switch: () => [1],
  date: (_n, _f, i) => [dayAfter(i)],
  datetime: (_n, _f, i) => [`${dayAfter(i)}T10:00:00+08:00`],
  secret: (name, _f, i) => [`sample-${name.toLowerCase()}-${i}-secret`],
  json: () => [{}, []],
} satisfies Record<InputKind, (name: string, f: FieldDef, i: number) => unknown[]>;

function candidates(name: string, f: FieldDef, i: number): unknown[] {
  if (f.lookup) {
    const values = LOOKUP_VALUES[f.lookup];
    if (!values) throw new Error(`no demo value for lookup ${f.lookup}: add it to LOOKUP_VALUES`);
    return f.input === 'multiselect' ? values.map((v) => [v]) : [...values];
  }
  return KIND_CANDIDATES[f.input](name, f, i);
}

function valueOf(resource: string, name: string, f: FieldDef, i: number): unknown {
  const found = candidates(name, f, i).find((v) => f.schema.safeParse(v).success);
  if (found === undefined) throw new Error(`${resource}.${name}: no derived value fits its schema; declare the resource's samples`);
  return found;
}

/** A value field `f` must refuse, or undefined when its kind has no plain one. */
function refusedValue(f: FieldDef): unknown {
  if (f.options?.length && !f.lookup) return f.input === 'multiselect' ? ['NOT_AN_OPTION'] : 'NOT_AN_OPTION';
  if ((f.input === 'text' || f.input === 'textarea') && f.limits?.maxLength) return 'x'.repeat(f.limits.maxLength + 1);
  if (f.input === 'number' && f.limits?.max !== undefined) return f.limits.max + 1;
  return undefined;
}

const writable = (f: FieldDef) => !f.readOnly && !f.owner;

/** Kinds whose derived value differs with `i` (a choice may have a single option, a lookup one demo value). */
const VARYING: ReadonlySet<InputKind> = new Set(['text', 'textarea', 'number', 'decimal', 'money', 'percent', 'date', 'datetime', 'secret']);

/**
 * The update: one field outside the natural key and the title set to a value no create(i) of the
 * suite uses, a varying kind first (so the change is visible), else any field that takes a value.
 */
function changeOf(def: ResourceDef, fields: [string, FieldDef][], keys: ReadonlySet<string>): Record<string, unknown> {
  const open = fields.filter(([n]) => !keys.has(n) && n !== def.titleField);
  const ordered = [...open.filter(([, f]) => VARYING.has(f.input) && !f.lookup), ...open.filter(([, f]) => !VARYING.has(f.input) || f.lookup)];
  for (const [n, f] of ordered) {
    const value = candidates(n, f, 777).find((v) => f.schema.safeParse(v).success);
    if (value !== undefined) return { [n]: value };
  }
  return {};
}

/** The indexes `create(i)` must keep apart: i below 10,000 (the suites use 0–9001). */
const SUITE_I = 10_000;

/**
 * How many distinct records `create(i)` can give, counted over the fields that tell records apart
 * (the natural key, else every required field): a number field its range, a decimal or percent its 9
 * values, a choice in the key its options; a choice outside the key and a lookup keep one value; a
 * text, date, money or secret is unique by i (Infinity).
 */
function distinctRecords(required: [string, FieldDef][], keys: ReadonlySet<string>): number {
  const counted = keys.size > 0 ? required.filter(([n]) => keys.has(n)) : required;
  let span = 1;
  for (const [n, f] of counted) {
    if (f.lookup || f.input === 'switch' || f.input === 'json') continue;
    if (f.input === 'select' || f.input === 'multiselect') span *= keys.has(n) ? Math.max(1, f.options?.length ?? 1) : 1;
    else if (f.input === 'number') span *= Math.max(1, (f.limits?.max ?? 1000) - (f.limits?.min ?? 0) + 1);
    else if (f.input === 'decimal' || f.input === 'percent') span *= 9;
    else return Infinity;
  }
  return span;
}

/**
 * Samples of `def` derived from its fields (see the header). Throws, naming the resource and the
 * reason, when the declaration needs hand-written samples.
 */
export function derivedSamples(def: ResourceDef): ResourceSamples {
  if (def.listOwners) throw new Error(`${def.name}: one record per organization; declare its samples`);
  const keys = new Set(def.naturalKey === undefined ? [] : [def.naturalKey].flat());
  const fields = Object.entries(def.fields).filter(([, f]) => writable(f));
  const required = fields.filter(([n, f]) => !f.optional || keys.has(n));
  const owner = def.scope === 'owned' ? { OrgId: OWNER_OF_LEVEL[def.ownerLevels?.[0] ?? 'MASTER_MERCHANT'] } : {};
  const schemas = resourceSchemas(def);

  const create = (i: number) => {
    // A choice outside the natural key keeps its first option for every i: rotating it could meet a
    // cross-field rule (an advertisement for a model needs the model) for some i only.
    const nth = (n: string, f: FieldDef) => (keys.has(n) || VARYING.has(f.input) ? i : 0);
    const record: Record<string, unknown> = { ...owner, ...Object.fromEntries(required.map(([n, f]) => [n, valueOf(def.name, n, f, nth(n, f))])) };
    const violation = def.refine?.(record);
    if (violation) throw new Error(`${def.name}: the derived record breaks its rule on ${violation.field}; declare its samples`);
    const parsed = schemas.create.safeParse(record);
    if (!parsed.success) throw new Error(`${def.name}: the derived record is refused (${parsed.error.issues[0]?.path.join('.')}); declare its samples`);
    return record;
  };
  for (const i of [0, 1, 2, 3, 4, 9000, 9001]) create(i);
  // The records must differ for every i below 10,000 (by natural key, else as a whole); when the
  // fields that vary can only take fewer combinations, the derivation cannot promise it.
  const span = distinctRecords(required, keys);
  if (span < SUITE_I) throw new Error(`${def.name}: its derived records take ${span} distinct values, fewer than the suites' ${SUITE_I} indexes; declare its samples`);

  const update = changeOf(def, fields, keys);

  const refusable = required.map(([n, f]) => [n, refusedValue(f)] as const).find(([, v]) => v !== undefined);
  if (!refusable) throw new Error(`${def.name}: no field with a plain refused value; declare its samples`);
  const [badField, badValue] = refusable;
  return { create, update, bad: { input: { ...create(900), [badField]: badValue }, field: badField } };
}
