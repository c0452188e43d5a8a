/**
 * The rows of a merchant upload file: each data row is one merchant HQ with its
 * first person and its primary bank account (MERCHANT_UPLOAD_COLUMNS), checked with the same
 * ProfileCreateRequest schema the /merchant form is checked with, plus what a schema cannot know:
 * the agent is one of the caller's subtree, the nature of business and the bank exist, and no
 * registration number repeats within the file. Every error names the row (as numbered in the
 * file, header = 1) and the template column; nothing here writes.
 */
import { MERCHANT_UPLOAD_COLUMNS, ProfileCreateRequest, type MerchantUploadColumn } from '@paydesk/contract';
import { VALIDATION_MESSAGES } from '@paydesk/domain';
import type { z } from 'zod';
import type { Query } from '../../db/client.ts';
import { subtreeSql, type Scope } from '../../platform/scope.ts';

export interface RowError {
  Row: number;
  Field: string;
  Message: string;
}

/** A checked row: its number in the file and the create body of its merchant. */
export interface MerchantRow {
  row: number;
  body: z.output<typeof ProfileCreateRequest>;
}

/** What rows are checked against: the caller's agents, the natures of business, the banks by code. */
export interface RowReferences {
  agents: Set<number>;
  mccs: Set<string>;
  banks: Map<string, number>;
}

const KNOWN = new Set<string>(MERCHANT_UPLOAD_COLUMNS.map((c) => c.key));
const REQUIRED = MERCHANT_UPLOAD_COLUMNS.filter((c) => c.required).map((c) => c.key);

/** The template column of each field of a row's person and bank account in ProfileCreateRequest. */
const PERSON_COLUMNS: Record<string, MerchantUploadColumn> = { Name: 'PersonName', Role: 'PersonRole', IdType: 'PersonIdType', IdNo: 'PersonIdNo', Phone: 'PersonPhone', Email: 'PersonEmail' };
const ACCOUNT_COLUMNS: Record<string, MerchantUploadColumn> = { BankId: 'BankCode', AccountType: 'AccountType', AccountName: 'AccountName', AccountNo: 'AccountNo' };

/** The template column an issue of ProfileCreateRequest at `path` is about. */
export function columnOf(path: readonly PropertyKey[]): string {
  const [head, , field] = path.map(String);
  if (head === 'ParentId') return 'Agent';
  if (head === 'Persons') return PERSON_COLUMNS[field ?? ''] ?? 'PersonName';
  if (head === 'BankAccounts') return ACCOUNT_COLUMNS[field ?? ''] ?? 'AccountNo';
  if (head === 'Config') return 'SettlementDays';
  return head ?? '-';
}

/**
 * The header problems of a file: a required column missing, or a column the template does not
 * have (both refused at upload, before any row is read). Answers one message per problem.
 */
export function headerProblems(headers: readonly string[]): string[] {
  const present = new Set(headers);
  return [
    ...REQUIRED.filter((k) => !present.has(k)).map((k) => `file: the column ${k} is missing; start from the template`),
    ...headers.filter((h) => !KNOWN.has(h)).map((h) => `file: ${h} is not a column of the template`),
  ];
}

/** The agent id of an Agent cell: "12", or "12 - Name" as picked from the template's list. */
export function agentIdOf(text: string): number | null {
  const m = /^(\d{1,9})(\s*-.*)?$/.exec(text.trim());
  return m ? Number(m[1]) : null;
}

const upper = (v: string) => v.trim().toUpperCase().replace(/[\s-]+/g, '_');
const orNull = (v: string | undefined) => (v === undefined || v === '' ? null : v);

/**
 * Checks one data row. Answers the merchant's create body, or the row's errors (every column in
 * error, each once).
 */
export function checkRow(row: number, values: Readonly<Record<string, string>>, refs: RowReferences): { body: MerchantRow['body'] } | { errors: RowError[] } {
  const errors: RowError[] = [];
  const v = (k: MerchantUploadColumn) => values[k]?.trim() ?? '';
  for (const k of REQUIRED) if (v(k) === '') errors.push({ Row: row, Field: k, Message: VALIDATION_MESSAGES.required });
  const agentId = agentIdOf(v('Agent'));
  if (v('Agent') !== '' && (agentId === null || !refs.agents.has(agentId))) errors.push({ Row: row, Field: 'Agent', Message: 'choose an agent of your scope from the Lists sheet' });
  if (v('BusinessCategory') !== '' && /^\d{4}$/.test(v('BusinessCategory')) && !refs.mccs.has(v('BusinessCategory'))) {
    errors.push({ Row: row, Field: 'BusinessCategory', Message: 'choose a nature of business from the Lists sheet' });
  }
  const bankId = refs.banks.get(v('BankCode').toUpperCase());
  if (v('BankCode') !== '' && bankId === undefined) errors.push({ Row: row, Field: 'BankCode', Message: 'choose a bank code from the Lists sheet' });
  const days = v('SettlementDays');
  // An unknown agent or bank is already an error above: placeholders (0, 1) let the schema check the rest of the row without naming them twice.
  const input = {
    ParentId: agentId ?? 0,
    Name: v('Name'), RegNo: v('RegNo'), RegNoOld: orNull(v('RegNoOld')), CompanyType: upper(v('CompanyType')), BusinessCategory: v('BusinessCategory'),
    Address1: v('Address1'), Address2: orNull(v('Address2')), Postcode: v('Postcode'), State: v('State'), City: v('City'),
    Phone: v('Phone'), Email: v('Email'), Website: orNull(v('Website')),
    Persons: [{ Name: v('PersonName'), Role: upper(v('PersonRole')), IdType: upper(v('PersonIdType')), IdNo: v('PersonIdNo'), Phone: orNull(v('PersonPhone')), Email: orNull(v('PersonEmail')) }],
    BankAccounts: [{ BankId: bankId ?? 1, AccountType: upper(v('AccountType')), AccountName: v('AccountName'), AccountNo: v('AccountNo'), IsPrimary: true }],
    Config: days === '' ? undefined : { SettlementDays: /^\d+$/.test(days) ? Number(days) : days },
  };
  const parsed = ProfileCreateRequest.safeParse(input);
  if (!parsed.success) {
    for (const i of parsed.error.issues) errors.push({ Row: row, Field: columnOf(i.path), Message: i.message });
  }
  // One error per column: a blank required cell is not also reported as malformed.
  const seen = new Set<string>();
  const unique = errors.filter((e) => !seen.has(e.Field) && seen.add(e.Field));
  return unique.length || !parsed.success ? { errors: unique } : { body: parsed.data };
}

/** Loads the references rows are checked against, for `scope`: its active agents (the template's list), natures of business, active banks. */
export async function loadReferences(q: Query, scope: Scope): Promise<RowReferences> {
  const sub = subtreeSql(scope, 'o', 1);
  const agents = await q<{ id: number }>(`SELECT o.id FROM organizations o WHERE o.level = 'AGENT' AND o.is_active = 1 AND ${sub.text}`, sub.values);
  const mccs = await q<{ mcc: string }>(`SELECT mcc FROM business_categories`);
  const banks = await q<{ id: number; bank_code: string }>(`SELECT id, bank_code FROM banks WHERE is_active = 1`);
  return { agents: new Set(agents.map((a) => Number(a.id))), mccs: new Set(mccs.map((m) => m.mcc)), banks: new Map(banks.map((b) => [b.bank_code.toUpperCase(), Number(b.id)])) };
}

/**
 * Checks every row, in file order, calling `progress(done)` every `every` rows. A registration
 * number seen on an earlier row is an error on the later one ("repeats row N"). Answers the
 * checked merchants and every error, sorted by row.
 */
export async function checkRows(
  rows: readonly { row: number; values: Readonly<Record<string, string>> }[],
  refs: RowReferences,
  progress: (done: number) => Promise<void>,
  every = 500,
): Promise<{ merchants: MerchantRow[]; errors: RowError[] }> {
  const merchants: MerchantRow[] = [];
  const errors: RowError[] = [];
  const firstOf = new Map<string, number>();
  for (const [i, { row, values }] of rows.entries()) {
    const r = checkRow(row, values, refs);
    if ('errors' in r) errors.push(...r.errors);
    else {
      const first = firstOf.get(r.body.RegNo);
      if (first !== undefined) errors.push({ Row: row, Field: 'RegNo', Message: `repeats row ${first}` });
      else {
        firstOf.set(r.body.RegNo, row);
        merchants.push({ row, body: r.body });
      }
    }
    if ((i + 1) % every === 0) await progress(i + 1);
  }
  return { merchants, errors: errors.sort((a, b) => a.Row - b.Row) };
}
