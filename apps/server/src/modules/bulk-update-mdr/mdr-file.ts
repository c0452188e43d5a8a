/**
 * Reading and checking a bulk MDR file (/bulk-update-mdr): an XLSX (first sheet) or CSV whose
 * header row names the columns ProductCode, CategoryCode, FeeMode, MdrPercent, FlatAmount, MinFee,
 * MaxFee, EffectiveDate (any order; MinFee, MaxFee and the rate column a fee mode does not use may
 * be left out). Each data row becomes the rate of one payment product in one MDR category from
 * its effective date: inserted, or updating the rate with the same product, category and date.
 *
 * Row rules (§9 MDR fee modes 1 MDR %, 2 flat amount, 3 the higher of the two, 4 both added):
 *  - ProductCode is a payment product; CategoryCode an MDR category of that product's service type;
 *  - FeeMode 1–4; MdrPercent (0–100, at most 4 decimals) is required by modes 1, 3, 4 and must be
 *    0 or empty for mode 2; FlatAmount (RM, at most 2 decimals) is required by modes 2, 3, 4 and
 *    must be 0 or empty for mode 1; MinFee ≤ MaxFee when both are given;
 *  - EffectiveDate YYYY-MM-DD (or DD-MM-YYYY, DD/MM/YYYY), today (MYT) or later: a rate never
 *    changes the fees of days already traded;
 *  - a product, category and date appears once in the file.
 * Every problem is reported with its row number (the header is row 1) and column.
 */
import { BULK_MDR_COLUMNS } from '@paydesk/contract';
import { readSheet } from '../../platform/spreadsheet.ts';
import { BUSINESS_TIME_ZONE, ERROR_CODES, MDR_FEE_MODE_CODES, dayjs } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { RowError } from '../../engine/bulk-upload.ts';

export const MAX_MDR_ROWS = 5000;

export interface MdrValues {
  FeeMode: number;
  MdrPercent: string;
  FlatAmount: string;
  MinFee: string | null;
  MaxFee: string | null;
  EffectiveDate: string;
}

export interface MdrChange {
  Row: number;
  ProductCode: string;
  CategoryCode: string;
  Action: 'INSERT' | 'UPDATE' | 'UNCHANGED';
  Before: MdrValues | null;
  After: MdrValues;
  /** Not answered: the ids the change is written with. */
  productId: number;
  categoryId: number;
  rateId: number | null;
}

/** A decimal text with exactly `scale` decimals ("1.5" → "1.5000"), or null when it is not a plain decimal within `intDigits`. */
export function decimalText(text: string, scale: number, intDigits: number): string | null {
  const m = new RegExp(`^(\\d{1,${intDigits}})(?:\\.(\\d{1,${scale}}))?$`).exec(text);
  if (!m) return null;
  return `${BigInt(m[1]!).toString()}.${(m[2] ?? '').padEnd(scale, '0')}`;
}

/** Compares two decimal texts of the same scale exactly. */
const cmp = (a: string, b: string) => {
  const x = BigInt(a.replace('.', ''));
  const y = BigInt(b.replace('.', ''));
  return x < y ? -1 : x > y ? 1 : 0;
};

/** YYYY-MM-DD of a date written YYYY-MM-DD, DD-MM-YYYY or DD/MM/YYYY; null when not a real date. */
export function dayText(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(text);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (!y) return null;
  const out = `${y}-${m}-${d}`;
  const ms = Date.UTC(Number(y), Number(m) - 1, Number(d));
  return new Date(ms).toISOString().slice(0, 10) === out ? out : null;
}

const normalize = (r: Omit<RateRow, 'id' | 'payment_product_id' | 'mdr_category_id'>): MdrValues => ({
  FeeMode: Number(r.fee_mode),
  MdrPercent: decimalText(String(r.mdr_percent), 4, 3) ?? String(r.mdr_percent),
  FlatAmount: decimalText(String(r.flat_amount), 2, 16) ?? String(r.flat_amount),
  MinFee: r.min_fee === null ? null : (decimalText(String(r.min_fee), 2, 16) ?? String(r.min_fee)),
  MaxFee: r.max_fee === null ? null : (decimalText(String(r.max_fee), 2, 16) ?? String(r.max_fee)),
  EffectiveDate: String(r.effective_date),
});

const same = (a: MdrValues, b: MdrValues) =>
  a.FeeMode === b.FeeMode && a.MdrPercent === b.MdrPercent && a.FlatAmount === b.FlatAmount && a.MinFee === b.MinFee && a.MaxFee === b.MaxFee && a.EffectiveDate === b.EffectiveDate;

type RateRow = { id: number; payment_product_id: number; mdr_category_id: number; fee_mode: number; mdr_percent: string; flat_amount: string; min_fee: string | null; max_fee: string | null; effective_date: string };
const RATE_COLUMNS = `id, payment_product_id, mdr_category_id, fee_mode, mdr_percent::text AS mdr_percent, flat_amount::text AS flat_amount,
  min_fee::text AS min_fee, max_fee::text AS max_fee, to_char(effective_date, 'YYYY-MM-DD') AS effective_date`;

/** The stored rate of a product, category and date (locked when `lock`), normalized. */
export async function storedRate(q: Query, productId: number, categoryId: number, day: string, lock = false): Promise<{ id: number; values: MdrValues } | null> {
  const [r] = await q<RateRow>(
    `SELECT ${RATE_COLUMNS} FROM mdr_rates WHERE payment_product_id = $1 AND mdr_category_id = $2 AND effective_date = $3::date${lock ? ' FOR UPDATE' : ''}`,
    [productId, categoryId, day],
  );
  return r ? { id: Number(r.id), values: normalize(r) } : null;
}

/**
 * Checks every row of a file against the rules and the reference tables and answers the change
 * each row makes (nothing is written) with every problem found.
 */
export async function planMdrChanges(q: Query, file: Buffer, filename: string, now: Date): Promise<{ changes: MdrChange[]; errors: RowError[] }> {
  const { headers, rows } = await readSheet(file, filename, { limits: { rows: MAX_MDR_ROWS } });
  const errors: RowError[] = [];
  const known = new Set<string>(BULK_MDR_COLUMNS);
  for (const h of headers) if (!known.has(h)) errors.push({ Row: 1, Field: h, Message: `is not a column of this file (columns: ${BULK_MDR_COLUMNS.join(', ')})` });
  for (const h of ['ProductCode', 'CategoryCode', 'FeeMode', 'EffectiveDate']) if (!headers.includes(h)) errors.push({ Row: 1, Field: h, Message: 'column is missing' });
  if (errors.length) return { changes: [], errors };
  if (rows.length === 0) throw new AppError(400, ERROR_CODES.VALIDATION, 'file: no data rows under the header row');
  if (rows.length > MAX_MDR_ROWS) throw new AppError(400, ERROR_CODES.VALIDATION, `file: at most ${MAX_MDR_ROWS} rows per file`);

  const codes = [...new Set(rows.map((r) => (r.values.ProductCode ?? '').toUpperCase()).filter(Boolean))];
  const products = new Map(
    (await q<{ id: number; product_code: string; service_type: number }>('SELECT id, product_code, service_type FROM payment_products WHERE product_code = ANY($1::text[])', [codes])).map((p) => [
      p.product_code,
      { id: Number(p.id), serviceType: Number(p.service_type) },
    ]),
  );
  const categories = new Map(
    (await q<{ id: number; service_type: number; category_code: string }>('SELECT id, service_type, category_code FROM mdr_categories')).map((c) => [`${c.service_type}:${c.category_code}`, Number(c.id)]),
  );
  const productIds = [...products.values()].map((p) => p.id);
  const stored = new Map(
    (await q<RateRow>(`SELECT ${RATE_COLUMNS} FROM mdr_rates WHERE payment_product_id = ANY($1::int[])`, [productIds])).map((r) => [
      `${r.payment_product_id}:${r.mdr_category_id}:${r.effective_date}`,
      { id: Number(r.id), values: normalize(r) },
    ]),
  );
  const today = dayjs(now).tz(BUSINESS_TIME_ZONE).format('YYYY-MM-DD');
  const seen = new Map<string, number>();
  const changes: MdrChange[] = [];

  for (const { row, values } of rows) {
    const err = (Field: string, Message: string) => errors.push({ Row: row, Field, Message });
    const before = errors.length;
    const productCode = (values.ProductCode ?? '').toUpperCase();
    const categoryCode = (values.CategoryCode ?? '').toUpperCase();
    const product = products.get(productCode);
    if (!productCode) err('ProductCode', 'is required');
    else if (!product) err('ProductCode', `${productCode} is not a payment product`);
    const categoryId = product ? categories.get(`${product.serviceType}:${categoryCode}`) : undefined;
    if (!categoryCode) err('CategoryCode', 'is required');
    else if (product && categoryId === undefined) err('CategoryCode', `${categoryCode} is not an MDR category of service type ${product.serviceType} (the product's)`);

    const feeMode = Number(values.FeeMode);
    const modeOk = /^\d$/.test(values.FeeMode ?? '') && (MDR_FEE_MODE_CODES as number[]).includes(feeMode);
    if (!modeOk) err('FeeMode', 'must be 1 (MDR), 2 (flat amount), 3 (the higher) or 4 (both)');
    const usesPercent = feeMode === 1 || feeMode === 3 || feeMode === 4;
    const usesFlat = feeMode === 2 || feeMode === 3 || feeMode === 4;

    const rate = (field: 'MdrPercent' | 'FlatAmount' | 'MinFee' | 'MaxFee', scale: number, intDigits: number): string | null | undefined => {
      const raw = values[field] ?? '';
      if (raw === '') return null;
      const v = decimalText(raw, scale, intDigits);
      if (v === null) err(field, scale === 4 ? 'must be a percentage with at most 4 decimals' : 'must be an amount in RM with at most 2 decimals');
      return v ?? undefined;
    };
    let percent = rate('MdrPercent', 4, 3);
    let flat = rate('FlatAmount', 2, 16);
    const minFee = rate('MinFee', 2, 16);
    const maxFee = rate('MaxFee', 2, 16);
    if (typeof percent === 'string' && cmp(percent, '100.0000') > 0) err('MdrPercent', 'must be from 0 to 100');
    if (modeOk) {
      if (usesPercent && percent === null) err('MdrPercent', `is required by fee mode ${feeMode}`);
      if (!usesPercent && typeof percent === 'string' && cmp(percent, '0.0000') !== 0) err('MdrPercent', `fee mode ${feeMode} takes no percentage (leave it empty or 0)`);
      if (usesFlat && flat === null) err('FlatAmount', `is required by fee mode ${feeMode}`);
      if (!usesFlat && typeof flat === 'string' && cmp(flat, '0.00') !== 0) err('FlatAmount', `fee mode ${feeMode} takes no flat amount (leave it empty or 0)`);
    }
    if (typeof minFee === 'string' && typeof maxFee === 'string' && cmp(minFee, maxFee) > 0) err('MinFee', 'must not be above MaxFee');

    const day = dayText(values.EffectiveDate ?? '');
    if (!values.EffectiveDate) err('EffectiveDate', 'is required');
    else if (!day) err('EffectiveDate', 'enter a real date as YYYY-MM-DD (or DD-MM-YYYY)');
    else if (day < today) err('EffectiveDate', `must be today (${today}) or later`);

    if (product && categoryId !== undefined && day) {
      const key = `${product.id}:${categoryId}:${day}`;
      const first = seen.get(key);
      if (first !== undefined) err('EffectiveDate', `repeats row ${first} (same product, category and date)`);
      else seen.set(key, row);
    }
    if (errors.length > before || !product || categoryId === undefined || !day) continue;

    percent ??= '0.0000';
    flat ??= '0.00';
    const after: MdrValues = { FeeMode: feeMode, MdrPercent: percent as string, FlatAmount: flat as string, MinFee: minFee ?? null, MaxFee: maxFee ?? null, EffectiveDate: day };
    const current = stored.get(`${product.id}:${categoryId}:${day}`);
    changes.push({
      Row: row,
      ProductCode: productCode,
      CategoryCode: categoryCode,
      Action: !current ? 'INSERT' : same(current.values, after) ? 'UNCHANGED' : 'UPDATE',
      Before: current?.values ?? null,
      After: after,
      productId: product.id,
      categoryId,
      rateId: current?.id ?? null,
    });
  }
  return { changes, errors: errors.sort((a, b) => a.Row - b.Row) };
}
