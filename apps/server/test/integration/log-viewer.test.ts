/**
 * The log viewer's server side (issue 30 item 4), on each database:
 *  - the live tail streams, as server-sent events, exactly the entries stored after it opened that
 *    match the filters and the caller's scope, oldest first, and goes on after `After` without a
 *    gap or a repeat; generated entries (level, text, TID, owner) against the filters written again;
 *  - the user filter keeps the entries of users whose e-mail holds the text;
 *  - reading a log is audited: each Search, Get and Tail writes one LOG_READ row with the filter;
 *  - a detail answers the entry's masked attributes as JSON text.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_REPORTS, reportApi, type ListReportDef, type PortalClient } from '@paydesk/contract';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';
import { logStoreOf, type LogEntryInput } from '../../src/platform/log-store.ts';

const report = (name: string) => LIST_REPORTS.find((d) => d.name === name) as ListReportDef;
const terminalLog = report('LogTerminal');
const portalLog = report('LogPortal');

interface TailEvent {
  event: string;
  id?: string;
  data: unknown;
}

/** The events of a whole server-sent event stream's text. */
function parseEvents(text: string): TailEvent[] {
  return text
    .split('\n\n')
    .filter((block) => /^(id|event|data):/m.test(block))
    .map((block) => {
      const field = (name: string) => block.split('\n').find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
      return { event: field('event') ?? 'message', id: field('id'), data: JSON.parse(field('data') ?? 'null') as unknown };
    });
}

/** Opens a tail of `def` for `seconds` and answers its status and events once it ended. */
async function tail(client: PortalClient, def: ListReportDef, body: Record<string, unknown>): Promise<{ status: number; events: TailEvent[]; type: string | null }> {
  const res = await client.sendTo({ method: 'POST', encrypted: true }, `/api/portal/${def.api}/Tail`, { body });
  return { status: res.status, type: res.headers.get('content-type'), events: parseEvents(await res.text()) };
}

const rowsOf = (events: TailEvent[]) => events.filter((e) => e.event === 'entries').flatMap((e) => e.data as Record<string, unknown>[]);

describe.each(DATABASES)('the log viewer on %s', (kind) => {
  let s: TestServer;
  let admin: PortalClient;

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 200 });
    admin = await s.signIn('admin@paydesk.my');
  }, 300_000);
  afterAll(async () => s?.close());

  it('tails exactly the entries stored after it opened that match the filters, and goes on after its last id', async () => {
    const store = logStoreOf(s.app.ctx);
    const entry = fc.record({ level: fc.constantFrom(1, 5, 9), word: fc.constantFrom('alpha', 'beta', 'gamma'), tid: fc.constantFrom('70000001', '70000002') });
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 12 }), fc.constantFrom(1, 5, 9), fc.constantFrom('alpha', 'beta'), async (entries, level, word) => {
        // Stored before the tail opened: never tailed.
        store.write({ at: s.now(), source: 'TERMINAL', level, message: `${word} before`, tid: '70000001' });
        await store.flush();
        const first = await tail(admin, terminalLog, { SearchData: { Level: [level], Text: word }, Seconds: 0 });
        expect(first.status).toBe(200);
        expect(first.type).toMatch(/^text\/event-stream/);
        expect(first.events[0]!.event).toBe('open');
        expect(rowsOf(first.events)).toEqual([]);
        const after = first.events.at(-1)!.id!;

        const written: LogEntryInput[] = entries.map((e, i) => ({ at: s.now(), source: 'TERMINAL', level: e.level, message: `${e.word} line ${i}`, tid: e.tid }));
        for (const w of written) store.write(w);
        // Another source's entry never shows on this one's tail.
        store.write({ at: s.now(), source: 'MOBILE', level, message: `${word} mobile` });
        await store.flush();

        const next = await tail(admin, terminalLog, { SearchData: { Level: [level], Text: word }, Seconds: 0, After: after });
        const expected = written.filter((w) => w.level === level && w.message.includes(word)).map((w) => w.message);
        expect(rowsOf(next.events).map((r) => r.Message)).toEqual(expected);
        // Nothing twice: after the last id, the same entries are not sent again.
        const again = await tail(admin, terminalLog, { SearchData: { Level: [level], Text: word }, Seconds: 0, After: next.events.at(-1)!.id });
        expect(rowsOf(again.events)).toEqual([]);
      }),
      { numRuns: 6 },
    );
  });

  it('streams an entry written while it is open, and ends after Seconds', async () => {
    const store = logStoreOf(s.app.ctx);
    const before = await auditCount();
    const res = s.signIn('admin@paydesk.my').then((c) => tail(c, terminalLog, { SearchData: { TID: '70000009' }, Seconds: 2 }));
    // Written once the tail has opened: its audit row is written after its start was read.
    expect(await auditRowAppears(before)).toBe(true);
    store.write({ at: s.now(), source: 'TERMINAL', level: 1, message: 'live line', tid: '70000009' });
    await store.flush();
    const { events } = await res;
    expect(rowsOf(events).map((r) => r.Message)).toEqual(['live line']);
    expect(events.at(-1)!.event).toBe('end');
  });

  it('refuses a bad filter or cursor before the stream starts, and a caller without the permission', async () => {
    const bad = await tail(admin, terminalLog, { SearchData: { Level: ['X'] }, Seconds: 0 });
    expect(bad.status).toBe(400);
    expect((await tail(admin, terminalLog, { SearchData: {}, Seconds: 0, After: '1; DROP' })).status).toBe(400);
    expect((await tail(admin, terminalLog, { SearchData: {}, Seconds: 56 })).status).toBe(400);
    const mm = await s.signIn('mm@paydesk.my');
    expect((await tail(mm, terminalLog, { SearchData: {}, Seconds: 0 })).status).toBe(403);
  });

  it('filters by any part of the acting user\'s e-mail', async () => {
    const users = await s.database.query<{ id: number; email: string }>(`SELECT id, email FROM users ORDER BY id LIMIT 6`);
    const store = logStoreOf(s.app.ctx);
    const marker = `user-filter-${Date.now()}`;
    for (const u of users) store.write({ at: s.now(), source: 'PORTAL', level: 1, message: marker, userId: u.id });
    await store.flush();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...users), fc.nat(), async (u, cut) => {
        const local = u.email.split('@')[0]!;
        const part = local.slice(cut % local.length, (cut % local.length) + 3) || local;
        const page = await reportApi(admin, portalLog).search({ RowsPerPage: 50, SearchData: { Text: marker, User: part.toUpperCase() } });
        const expected = users.filter((x) => x.email.toLowerCase().includes(part.toLowerCase())).map((x) => x.email).sort();
        expect(page.Items.map((r) => String(r.User)).sort()).toEqual(expected);
      }),
      { numRuns: 8 },
    );
  });

  it('audits every read of a log, and answers an entry\'s masked attributes as JSON', async () => {
    const store = logStoreOf(s.app.ctx);
    store.write({ at: s.now(), source: 'PORTAL', level: 9, message: 'attributes entry', attributes: { route: '/x', password: 'hunter2', nested: { ok: 1 } } });
    await store.flush();
    const before = await auditCount();
    const page = await reportApi(admin, portalLog).search({ RowsPerPage: 5, SearchData: { Text: 'attributes entry' } });
    const detail = await reportApi(admin, portalLog).get(page.Items[0]!.Id);
    expect(JSON.parse(String(detail.Attributes))).toEqual({ route: '/x', password: '[REDACTED]', nested: { ok: 1 } });
    const rows = await s.database.query<{ target_id: string | null; detail: { report: string; filter?: Record<string, unknown> } }>(
      `SELECT target_id, detail FROM audit_log WHERE action = 'LOG_READ' AND target_type = 'LogEntry' ORDER BY id OFFSET $1`,
      [before],
    );
    expect(rows.map((r) => [r.detail.report, r.target_id])).toEqual([
      ['LogPortal', null],
      ['LogPortal', String(page.Items[0]!.Id)],
    ]);
    expect(rows[0]!.detail.filter).toMatchObject({ Text: 'attributes entry' });
  });

  /** LOG_READ rows so far. */
  async function auditCount(): Promise<number> {
    const [row] = await s.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'LOG_READ'`);
    return Number(row!.n);
  }

  /** Whether a LOG_READ row beyond the first `before` appears (a tail writes it once open), asking the database up to 400 times. */
  async function auditRowAppears(before: number): Promise<boolean> {
    for (let i = 0; i < 400; i++) {
      if ((await auditCount()) > before) return true;
      await new Promise((r) => setImmediate(r));
    }
    return false;
  }
});
