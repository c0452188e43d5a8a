import { describe, expect, it } from 'vitest';
import { DEFAULT_FILE_NAME, filenameFromContentDisposition } from '../src/api/content-disposition.ts';

describe('filenameFromContentDisposition (§7)', () => {
  it('defaults to defaultName.xls', () => {
    expect(DEFAULT_FILE_NAME).toBe('defaultName.xls');
    expect(filenameFromContentDisposition(null)).toBe('defaultName.xls');
    expect(filenameFromContentDisposition(undefined)).toBe('defaultName.xls');
    expect(filenameFromContentDisposition('')).toBe('defaultName.xls');
    expect(filenameFromContentDisposition('attachment')).toBe('defaultName.xls');
    expect(filenameFromContentDisposition('attachment; filename=""')).toBe('defaultName.xls');
  });

  it('reads quoted and bare filenames', () => {
    expect(filenameFromContentDisposition('attachment; filename="ecommerce-2024-05-01.xlsx"')).toBe('ecommerce-2024-05-01.xlsx');
    expect(filenameFromContentDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(filenameFromContentDisposition('attachment; filename="a \\"quoted\\" name.csv"')).toBe('a "quoted" name.csv');
    expect(filenameFromContentDisposition('attachment;filename="semi;colon.csv"; size=10')).toBe('semi;colon.csv');
  });

  it('prefers filename* (UTF-8, percent-encoded) over filename', () => {
    expect(filenameFromContentDisposition(`attachment; filename="fallback.xlsx"; filename*=UTF-8''Jualan%20Mei%20%E2%82%AC.xlsx`)).toBe('Jualan Mei €.xlsx');
    expect(filenameFromContentDisposition(`attachment; filename*=utf-8''%E4%BA%A4%E6%98%93.csv`)).toBe('交易.csv');
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8'en'plain.csv`)).toBe('plain.csv');
  });

  it('falls back when filename* is malformed', () => {
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8''bad%E2.csv; filename="ok.csv"`)).toBe('ok.csv');
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8''bad%ZZ.csv`)).toBe('defaultName.xls');
  });

  it('drops directory parts', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd.csv"')).toBe('passwd.csv');
    expect(filenameFromContentDisposition('attachment; filename="C:\\\\temp\\\\x.xlsx"')).toBe('x.xlsx');
  });
});
