/**
 * The master terminal log screen's download action (features/log-files): offered for that screen
 * only, and only on an entry whose detail names a stored file (an UPLOAD with its SHA-256).
 */
import { describe, expect, it } from 'vitest';
import { LIST_REPORTS, type ReportRow } from '@paydesk/contract';
import { logFileDetailActions, storedLogFileOf } from '../src/features/log-files/log-file-download.tsx';

const attributes = (a: Record<string, unknown>) => JSON.stringify(a);

describe('log file download action', () => {
  it('belongs to the master terminal log screen only', () => {
    const offered = LIST_REPORTS.filter((d) => logFileDetailActions(d) !== null).map((d) => d.name);
    expect(offered).toEqual(['LogMasterTerminal']);
  });

  it('reads the stored file from an upload entry, and nothing from other entries', () => {
    const upload = { Id: 7, Operation: 'UPLOAD', Attributes: attributes({ FileName: 'T1_20260105.log', ByteSize: 5120, Sha256: 'a'.repeat(64), LogDate: '2026-01-05' }) } as ReportRow;
    expect(storedLogFileOf(upload)).toEqual({ fileName: 'T1_20260105.log', byteSize: 5120 });
    const cases: ReportRow[] = [
      { ...upload, Operation: 'txn.approved' },
      { ...upload, Attributes: null },
      { ...upload, Attributes: '{not json' },
      { ...upload, Attributes: attributes({ FileName: 'x.log' }) },
    ] as ReportRow[];
    for (const c of cases) expect(storedLogFileOf(c)).toBeNull();
  });
});
