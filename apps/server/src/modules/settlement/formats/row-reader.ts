/**
 * Reading one record of a provider file by header name (never by position): the cells are looked
 * up trimmed and case-insensitively, extra columns are ignored, and the first field that is
 * missing or malformed becomes the row's RowProblem. A format's `read` is written as straight-line
 * code over a RowReader; a bad field stops it with a private RowFault that `defineFormat` turns
 * into `{ ok: false, problem }`, so `read` itself never throws for bad data.
 */
import type { ProviderRow, RowProblem, RowReading, SettlementFileKind, SettlementFormat, SettlementProvider } from './types.ts';

/** A header as compared: trimmed, lower case. */
export const headerKey = (header: string): string => header.trim().toLowerCase();

/** A field that stopped the reading of a row (caught by defineFormat, never escapes `read`). */
class RowFault extends Error {
  constructor(readonly problem: RowProblem) {
    super(problem.message);
  }
}

/** Longest value quoted in a message; long digit runs are masked in case a PAN was put in the wrong column. */
const QUOTED_MAX = 40;

/** A cell's text as quoted in a message: at most 40 characters, runs of 13+ digits masked (first 6, last 4), as maskPan. */
export function quoted(value: string): string {
  const masked = value.replace(/\d{13,}/g, (d) => `${d.slice(0, 6)}${'*'.repeat(d.length - 10)}${d.slice(-4)}`);
  return masked.length > QUOTED_MAX ? `${masked.slice(0, QUOTED_MAX - 1)}…` : masked;
}

/** The cells of one record, read by header name. */
export class RowReader {
  private readonly cells = new Map<string, string>();

  /** `record` is keyed by the file's own header texts; `lineNo` is the row's number in the file (header row 1). */
  constructor(record: Record<string, string>, readonly lineNo: number) {
    for (const [header, value] of Object.entries(record)) {
      const key = headerKey(header);
      // The first of two columns that differ only in case or spaces wins (sheet readers keep the file's order).
      if (!this.cells.has(key)) this.cells.set(key, typeof value === 'string' ? value.trim() : value == null ? '' : String(value).trim());
    }
  }

  /** Stops the reading with a problem on `header` (the format's own spelling). */
  fail(header: string, message: string): never {
    throw new RowFault({ lineNo: this.lineNo, field: header, message });
  }

  /** The trimmed cell under `header`, '' when the column is absent or blank. */
  cell(header: string): string {
    return this.cells.get(headerKey(header)) ?? '';
  }

  /** A required text (a reference, MID, TID): the trimmed cell; a problem when it is blank or the column is absent. */
  text(header: string): string {
    const v = this.cell(header);
    if (v === '') this.fail(header, `${header} is empty`);
    return v;
  }

  /** An optional text (a provider id, a method): the trimmed cell, null when blank or absent. */
  optionalText(header: string): string | null {
    return this.cell(header) || null;
  }

  /**
   * A required value read by `parse` (null meaning "not one"): a problem "<header> is empty" when
   * blank, "<header> '<cell>' is not <expected>" when `parse` refuses it.
   */
  value<T>(header: string, parse: (text: string) => T | null, expected: string): T {
    const v = this.text(header);
    const parsed = parse(v);
    if (parsed === null) this.fail(header, `${header} '${quoted(v)}' is not ${expected}`);
    return parsed;
  }

  /** As `value`, but a blank or absent cell answers `whenBlank` instead of a problem. */
  optionalValue<T>(header: string, parse: (text: string) => T | null, expected: string, whenBlank: T): T {
    return this.cell(header) === '' ? whenBlank : this.value(header, parse, expected);
  }

  /** A problem "<header> '<cell>' <message>" unless `ok`. */
  check(header: string, ok: boolean, message: string): void {
    if (!ok) this.fail(header, `${header} '${quoted(this.cell(header))}' ${message}`);
  }
}

/** Reads a 3-letter ISO 4217 code in any case ('myr' → 'MYR'); null otherwise. */
export function readCurrency(text: string): string | null {
  return /^[A-Za-z]{3}$/.test(text) ? text.toUpperCase() : null;
}
/** Message tail for a currency field. */
export const A_CURRENCY = 'a currency code (such as MYR)';

/**
 * A reader of a coded field: `codes` maps each accepted code (compared trimmed, case-insensitively)
 * to its meaning; anything else is null.
 */
export function codeReader<T>(codes: Record<string, T>): (text: string) => T | null {
  const byKey = new Map(Object.entries(codes).map(([code, meaning]) => [code.toUpperCase(), meaning]));
  return (text) => byKey.get(text.trim().toUpperCase()) ?? null;
}

/** What a format module declares; `defineFormat` adds the key and the never-throwing `read`. */
export interface FormatSpec {
  provider: SettlementProvider;
  kind: SettlementFileKind;
  requiredHeaders: readonly string[];
  headersOut: readonly string[];
  /** Reads the row from `r`, stopping at the first bad field with `r.fail` (or any RowReader method). */
  read(r: RowReader): ProviderRow;
  write(row: ProviderRow): Record<string, string>;
}

/**
 * A SettlementFormat from its spec: key `${provider}` (RECON) or `${provider}_TPA`; `read` answers
 * `{ ok: true, row }` or the first bad field's `{ ok: false, problem }` (errors that are not a
 * field problem — bugs — still propagate, so tests see them).
 */
export function defineFormat(spec: FormatSpec): SettlementFormat {
  return Object.freeze({
    provider: spec.provider,
    kind: spec.kind,
    key: spec.kind === 'TPA' ? `${spec.provider}_TPA` : spec.provider,
    requiredHeaders: Object.freeze([...spec.requiredHeaders]),
    headersOut: Object.freeze([...spec.headersOut]),
    read(record: Record<string, string>, lineNo: number): RowReading {
      try {
        return { ok: true, row: spec.read(new RowReader(record, lineNo)) };
      } catch (e) {
        if (e instanceof RowFault) return { ok: false, problem: e.problem };
        throw e;
      }
    },
    write: spec.write,
  });
}
