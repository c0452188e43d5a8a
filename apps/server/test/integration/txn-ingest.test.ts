/**
 * The ingest API (issue 31 item 1) with the `standardwebhooks` package as the other side
 * (sim/ingest-client.ts signs with its signer), on both databases:
 *  - its signed requests are accepted; a changed byte, a timestamp 6 minutes old and a reused
 *    message id are refused, and nothing is written;
 *  - generated batches mixing valid rows with every rejection kind (unknown MID or TID, the other
 *    source's channel, a merchant not VERIFIED, an inactive currency, a full card number in any
 *    field, an amount out of range, a reference twice): VALID_ROWS writes exactly the valid rows
 *    and names each refused row's index and field; ALL_OR_NOTHING writes nothing and names the
 *    first; a full card number is found nowhere afterwards (transactions, payment log);
 *  - a replay answers DUPLICATE and changes nothing; 20 concurrent posts of one batch write it once;
 *  - status events in any order and any split into requests end in the state the domain fold
 *    gives the set (property test over random orders), each applied once;
 *  - a risk rule fires from ingested rows; each request leaves one payment log entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { foldTxnEvents, type TxnEvent } from '@paydesk/domain';
import { seedDemoSigningSecrets, DEMO_SIGNING_SECRETS } from '../../src/seed/demo-signing-secrets.ts';
import { postSigned } from '../../src/sim/ingest-client.ts';
import { logStoreOf } from '../../src/platform/log-store.ts';
import { sweepIngestMessages } from '../../src/modules/txn-ingest/sweep.ts';
import { TxnEventRow, TxnIngestRow, relatedOf, reportApi, reportByName } from '@paydesk/contract';
import { fieldsOf, hostileValues, HOSTILE_BODIES } from './route-suites/hostile.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

const TXNS = '/api/ingest/v1/transactions';
const EVENTS = '/api/ingest/v1/events';
const GW = DEMO_SIGNING_SECRETS.PAYMENT_GATEWAY;
const TH = DEMO_SIGNING_SECRETS.TERMINAL_HOST;
const FULL_PAN = '4111111111111111';

describe.each(DATABASES)('the ingest API on %s', (kind) => {
  let s: TestServer;
  let mid: string;
  let tid: string;
  let suspendedMid: string;
  let seq = 0;
  const q = <T,>(sql: string, p: unknown[] = []) => s.database.query<T>(sql, p);
  const ref = () => `IT${kind.slice(0, 2).toUpperCase()}${String(++seq).padStart(8, '0')}`;
  const count = async (where = "ingest_source IS NOT NULL") => Number((await q<{ n: number }>(`SELECT count(*)::int AS n FROM transactions WHERE ${where}`))[0]!.n);
  const online = (over: Record<string, unknown> = {}) => ({
    TxnRefNo: ref(), ServiceType: 1, PaymentMethod: 'CC', Status: 'SUCCESS', Mid: mid, Amount: '25.90', Currency: 'MYR',
    CreatedAt: new Date(s.now().getTime() - 60_000).toISOString(), MaskedPan: '411111******1111', ...over,
  });
  const terminal = (over: Record<string, unknown> = {}) => ({
    TxnRefNo: ref(), ServiceType: 2, PaymentMethod: 'CC', Status: 'SUCCESS', Tid: tid, Amount: '12.00', Currency: 'MYR',
    CreatedAt: new Date(s.now().getTime() - 60_000).toISOString(), MaskedPan: '522222******4444', EntryMode: 'CONTACTLESS', ...over,
  });
  const post = (path: string, secret: string, body: unknown, opts = {}) => postSigned(s.url, path, secret, body, { at: s.now(), ...opts });

  beforeAll(async () => {
    s = await startTestServer({ kind, transactions: 600 });
    await seedDemoSigningSecrets(s.database, s.app.ctx.keys.fieldKey, s.now());
    // An online merchant HQ that is VERIFIED with its HQ, taking service type 1; a terminal of a VERIFIED merchant; a suspended merchant.
    await q(`UPDATE organization_configs SET service_types = '{}'`);
    mid = (await q<{ mid: string }>(`SELECT mid FROM organizations WHERE level = 'MERCHANT_HQ' AND onboarding_status = 'VERIFIED' AND mid IS NOT NULL ORDER BY id LIMIT 1`))[0]!.mid;
    tid = (await q<{ tid: string }>(
      `SELECT t.tid FROM terminals t JOIN organizations o ON o.id = t.org_id LEFT JOIN organizations p ON p.id = o.parent_id AND o.level = 'MERCHANT_BRANCH'
       WHERE t.is_active = 1 AND o.onboarding_status = 'VERIFIED' AND coalesce(p.onboarding_status, 'VERIFIED') = 'VERIFIED' ORDER BY t.id LIMIT 1`,
    ))[0]!.tid;
    const [sus] = await q<{ mid: string }>(`SELECT mid FROM organizations WHERE level = 'MERCHANT_HQ' AND mid IS NOT NULL AND id <> (SELECT id FROM organizations WHERE mid = $1) ORDER BY id DESC LIMIT 1`, [mid]);
    await q(`UPDATE organizations SET onboarding_status = 'SUSPENDED' WHERE mid = $1`, [sus!.mid]);
    suspendedMid = sus!.mid;
  }, 300_000);
  afterAll(async () => s?.close());

  it("accepts the standardwebhooks signer's requests and refuses a changed byte, an old timestamp and a reused id, writing nothing", async () => {
    const before = await count();
    const ok = await post(TXNS, GW, { Transactions: [online()] }, { id: 'msg_once_1' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ Source: 'PAYMENT_GATEWAY', Created: 1, Rejected: 0 });
    expect(await count()).toBe(before + 1);
    const again = await post(TXNS, GW, { Transactions: [online()] }, { id: 'msg_once_1' });
    expect([again.status, again.body.ErrorCode]).toEqual([409, 'CF409']);
    const tampered = await post(TXNS, GW, { Transactions: [online({ Amount: '10.00' })] }, { tamper: (raw: string) => raw.replace('10.00', '90.00') });
    expect([tampered.status, tampered.body.ErrorCode]).toEqual([401, 'SEC401']);
    const old = await post(TXNS, GW, { Transactions: [online()] }, { at: new Date(s.now().getTime() - 6 * 60_000) });
    expect([old.status, old.body.ErrorCode]).toEqual([401, 'SEC408']);
    const wrongKey = await postSigned(s.url, TXNS, `whsec_${Buffer.alloc(32, 7).toString('base64')}`, { Transactions: [online()] }, { at: s.now() });
    expect(wrongKey.status).toBe(401);
    expect(await count()).toBe(before + 1);
    // Message ids are remembered 10 minutes, then swept.
    expect(await sweepIngestMessages(s.database, new Date(s.now().getTime() + 5 * 60_000))).toBe(0);
    expect(await sweepIngestMessages(s.database, new Date(s.now().getTime() + 11 * 60_000))).toBeGreaterThan(0);
    expect(Number((await q<{ n: number }>(`SELECT count(*)::int AS n FROM ingest_messages`))[0]!.n)).toBe(0);
  });

  /** Each rejection kind: how to spoil a valid row, the source posting it, and the field it names. */
  const KINDS: { name: string; secret: () => string; row: (poster: string) => Record<string, unknown>; field: string }[] = [
    { name: 'unknown MID', secret: () => GW, row: () => online({ Mid: 'NO-SUCH-MID' }), field: 'Mid' },
    { name: 'unknown TID', secret: () => TH, row: () => terminal({ Tid: 'T0000000' }), field: 'Tid' },
    { name: "the other source's channel", secret: () => '', row: (poster) => (poster === 'PAYMENT_GATEWAY' ? terminal() : online()), field: 'ServiceType' },
    { name: 'merchant not VERIFIED', secret: () => GW, row: () => online({ Mid: suspendedMid }), field: 'Mid' },
    { name: 'inactive currency', secret: () => GW, row: () => online({ Currency: 'XXX' }), field: 'Currency' },
    { name: 'full PAN as the masked PAN', secret: () => GW, row: () => online({ MaskedPan: FULL_PAN }), field: 'MaskedPan' },
    { name: 'full PAN in the customer name', secret: () => TH, row: () => terminal({ CustName: `card ${FULL_PAN.replace(/(\d{4})/g, '$1 ').trim()}` }), field: 'CustName' },
    { name: 'amount 0', secret: () => GW, row: () => online({ Amount: '0.00' }), field: 'Amount' },
    { name: 'amount over the limit', secret: () => GW, row: () => online({ Amount: '1000000.01' }), field: 'Amount' },
    { name: 'three decimals', secret: () => TH, row: () => terminal({ Amount: '1.234' }), field: 'Amount' },
  ];

  it('names the index and field of every rejected row of generated batches; VALID_ROWS writes exactly the valid rows, ALL_OR_NOTHING none', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('PAYMENT_GATEWAY', 'TERMINAL_HOST'), fc.array(fc.option(fc.nat(KINDS.length - 1), { nil: null }), { minLength: 1, maxLength: 12 }), fc.boolean(), async (source, plan, all) => {
        const secret = source === 'PAYMENT_GATEWAY' ? GW : TH;
        const rows = plan.map((k) => (k === null ? (source === 'PAYMENT_GATEWAY' ? online() : terminal()) : KINDS[k]!.row(source)));
        const expected = plan.map((k) => {
          if (k === null) return null;
          const kindOf = KINDS[k]!;
          // A row built for the other source is first that source's channel question.
          const built = kindOf.secret() === '' ? source : kindOf.secret() === GW ? 'PAYMENT_GATEWAY' : 'TERMINAL_HOST';
          const schemaField = ['Amount', 'MaskedPan', 'CustName'].includes(kindOf.field);
          return built === source || schemaField ? kindOf.field : 'ServiceType';
        });
        const before = await count();
        const res = await post(TXNS, secret, { Mode: all ? 'ALL_OR_NOTHING' : 'VALID_ROWS', Transactions: rows });
        const bad = expected.filter((e) => e !== null).length;
        if (all && bad) {
          expect(res.status).toBe(400);
          const first = expected.findIndex((e) => e !== null);
          expect(String(res.body.ErrorMessage)).toContain(`Rows[${first}].${expected[first]}`);
          expect(await count()).toBe(before);
        } else {
          expect(res.status).toBe(200);
          expect(await count()).toBe(before + rows.length - bad);
        }
        res.body.Rows!.forEach((r, i) => {
          expect(r.Index).toBe(i);
          if (expected[i] !== null) expect([r.Result, r.Field]).toEqual(['REJECTED', expected[i]]);
          else expect(r.Result).toBe(all && bad ? 'NOT_APPLIED' : 'CREATED');
        });
      }),
      { numRuns: 12, seed: 31 },
    );
    // The refused card numbers went nowhere.
    await logStoreOf(s.app.ctx).flush();
    const found = await q<{ n: number }>(
      `SELECT (SELECT count(*) FROM transactions WHERE cust_name LIKE '%4111%' OR masked_pan = $1)::int + (SELECT count(*) FROM log_entries WHERE message LIKE '%' || $1 || '%' OR attributes::text LIKE '%' || $1 || '%' OR attributes::text LIKE '%4111 1111%')::int AS n`,
      [FULL_PAN],
    );
    expect(Number(found[0]!.n)).toBe(0);
  });

  it("answers the route fuzz suite's hostile values in every field of a signed row (and hostile whole bodies) with a 4xx or a row result, never a 5xx", async () => {
    const cases: { path: string; secret: string; body: unknown }[] = [];
    for (const f of fieldsOf(TxnIngestRow)) for (const v of hostileValues(f.kind)) cases.push({ path: TXNS, secret: GW, body: { Mode: 'VALID_ROWS', Transactions: [online({ [f.path[0]!]: v }), online()] } });
    for (const f of fieldsOf(TxnEventRow)) for (const v of hostileValues(f.kind)) cases.push({ path: EVENTS, secret: TH, body: { Mode: 'VALID_ROWS', Events: [{ EventId: `E${ref()}`, TxnRefNo: 'NOPE000000', Type: 'VOID', At: s.now().toISOString(), [f.path[0]!]: v }] } });
    for (const body of HOSTILE_BODIES) cases.push({ path: TXNS, secret: GW, body });
    let rows = 0;
    for (const c of cases) {
      const res = await post(c.path, c.secret, c.body);
      expect(res.status, JSON.stringify(c.body).slice(0, 200)).toBeLessThan(500);
      if (res.status === 200) rows += res.body.Rows!.length;
      else expect(typeof res.body.ErrorCode).toBe('string');
    }
    expect(cases.length).toBeGreaterThan(200);
    expect(rows).toBeGreaterThan(100);
  });

  it('answers a replay DUPLICATE without change, and 20 concurrent posts of one batch write it once', async () => {
    const batch = Array.from({ length: 30 }, () => online());
    const first = await post(TXNS, GW, { Transactions: batch });
    expect(first.body.Created).toBe(30);
    const replay = await post(TXNS, GW, { Transactions: batch });
    expect(replay.body).toMatchObject({ Created: 0, Duplicates: 30 });
    expect(replay.body.Rows!.map((r) => r.Id)).toEqual(first.body.Rows!.map((r) => r.Id));
    // The terminal host cannot claim the gateway's references.
    const other = await post(TXNS, TH, { Mode: 'VALID_ROWS', Transactions: [terminal({ TxnRefNo: batch[0]!.TxnRefNo })] });
    expect([other.body.Rows![0]!.Result, other.body.Rows![0]!.Field]).toEqual(['REJECTED', 'TxnRefNo']);

    const burst = Array.from({ length: 25 }, () => terminal());
    const before = await count();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(TXNS, TH, { Transactions: burst })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.reduce((n, a) => n + Number(a.body.Created), 0)).toBe(25);
    expect(answers.reduce((n, a) => n + Number(a.body.Duplicates), 0)).toBe(25 * 19);
    expect(await count()).toBe(before + 25);
  });

  it('ends in the state the fold of the event set gives, whatever order and split the events arrive in', async () => {
    // A pending sale: SUCCESS then VOID; a pre-auth: CAPTURE then CAPTURE_VOID; plus a FAILED racing the SUCCESS.
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 4 }), async (preauth, seed, parts) => {
        const txnRef = ref();
        const at0 = s.now().getTime() - 50 * 60_000;
        const row = preauth ? online({ TxnRefNo: txnRef, ServiceType: 4, TxnType: 'PREAUTH', Amount: '100.00', CreatedAt: new Date(at0).toISOString() }) : online({ TxnRefNo: txnRef, Status: 'PENDING', CreatedAt: new Date(at0).toISOString() });
        expect((await post(TXNS, GW, { Transactions: [row] })).body.Created).toBe(1);
        const ev = (type: string, min: number, extra: { Amount?: string; OperationRefNo?: string } = {}): { EventId: string; TxnRefNo: string; Type: string; At: string; Amount?: string; OperationRefNo?: string } => ({ EventId: `${txnRef}-${type}`, TxnRefNo: txnRef, Type: type, At: new Date(at0 + min * 60_000).toISOString(), ...extra });
        const events = preauth
          ? [ev('CAPTURE', 5, { Amount: '80.00', OperationRefNo: `${txnRef}C` }), ev('CAPTURE_VOID', 9, { OperationRefNo: `${txnRef}V` }), ev('VOID', 7, { OperationRefNo: `${txnRef}P` })]
          : [ev('SUCCESS', 2), ev('FAILED', 3), ev('VOID', 6), ev('REVERSE', 8)];
        // A random order, split into `parts` requests, each sent twice (a retry: DUPLICATE).
        const order = events.map((e, i) => ({ e, k: ((seed * (i + 7)) % 97) + i / 10 })).sort((a, b) => a.k - b.k).map((x) => x.e);
        const size = Math.ceil(order.length / parts);
        for (let i = 0; i < order.length; i += size) {
          const chunk = order.slice(i, i + size);
          const res = await post(EVENTS, GW, { Events: chunk });
          expect(res.status).toBe(200);
          const retry = await post(EVENTS, GW, { Events: chunk });
          expect(retry.body.Duplicates).toBe(chunk.length);
        }
        const want = foldTxnEvents(
          preauth ? { status: 'SUCCESS', txnType: 'PREAUTH', preauthOp: 'PREAUTH', amountSen: 10_000 } : { status: 'PENDING', txnType: 'SALE', preauthOp: null, amountSen: 2590 },
          events.map((e): TxnEvent => ({ id: e.EventId, type: e.Type as TxnEvent['type'], at: Date.parse(e.At), amountSen: e.Amount ? Math.round(Number(e.Amount) * 100) : null, opRef: e.OperationRefNo ?? null })),
        );
        const [root] = await q<{ id: number; status: string; txn_type: string }>(`SELECT id, status, txn_type FROM transactions WHERE txn_ref_no = $1`, [txnRef]);
        expect([root!.status, root!.txn_type]).toEqual([want.status, want.txnType]);
        const ops = await q<{ txn_ref_no: string; preauth_op: string; status: string; txn_type: string }>(
          `SELECT txn_ref_no, preauth_op, status, txn_type FROM transactions WHERE original_txn_id = $1 ORDER BY txn_ref_no`,
          [root!.id],
        );
        expect(ops).toEqual(want.operations.map((o) => ({ txn_ref_no: o.ref, preauth_op: o.op, status: o.status, txn_type: o.txnType })).sort((a, b) => (a.txn_ref_no < b.txn_ref_no ? -1 : 1)));
        const stored = await q<{ event_id: string; outcome: string | null }>(`SELECT event_id, outcome FROM transaction_events WHERE transaction_id = $1 AND type <> 'BASE' ORDER BY event_id`, [root!.id]);
        expect(Object.fromEntries(stored.map((r) => [r.event_id, r.outcome]))).toEqual(want.refused);
      }),
      { numRuns: 10, seed: 7 },
    );
  });

  it("shows the reported events in the transaction's timeline: applied ones as reported, refused ones as not applied", async () => {
    const txnRef = ref();
    const at0 = s.now().getTime() - 30 * 60_000;
    expect((await post(TXNS, GW, { Transactions: [online({ TxnRefNo: txnRef, Status: 'PENDING', CreatedAt: new Date(at0).toISOString() })] })).body.Created).toBe(1);
    const ev = (type: string, min: number) => ({ EventId: `${txnRef}-${type}`, TxnRefNo: txnRef, Type: type, At: new Date(at0 + min * 60_000).toISOString() });
    expect((await post(EVENTS, GW, { Events: [ev('FAILED', 2), ev('SUCCESS', 1)] })).body).toMatchObject({ Applied: 1 });
    const [{ id }] = (await q<{ id: number }>(`SELECT id FROM transactions WHERE txn_ref_no = $1`, [txnRef])) as [{ id: number }];
    const admin = await s.signIn('admin@paydesk.my');
    const detail = await reportApi(admin, reportByName('TransactionEcommerce')).get(Number(id));
    const reported = relatedOf(detail)!.Timeline!.filter((e) => e.Code === 'REPORTED' || e.Code === 'REPORT_REFUSED').map((e) => [e.Code, e.Status, e.At]);
    expect(reported).toEqual([
      ['REPORTED', 'SUCCESS', new Date(at0 + 60_000).toISOString()],
      ['REPORT_REFUSED', 'FAILED', new Date(at0 + 120_000).toISOString()],
    ]);
  });

  it('raises a risk alert from ingested rows, and leaves one payment log entry per request naming the source', async () => {
    const threshold = (await q<{ threshold: string }>(`SELECT threshold::text AS threshold FROM risk_parameters WHERE rule_code = 'SINGLE_LARGE_TXN' AND is_active = 1`))[0]!.threshold;
    const big = online({ Amount: (Number(threshold) + 100).toFixed(2), PaymentMethod: 'FPX_B2C', MaskedPan: undefined });
    const res = await post(TXNS, GW, { Transactions: [big] });
    expect(res.body).toMatchObject({ Created: 1 });
    expect(Number(res.body.Alerts)).toBeGreaterThanOrEqual(1);
    const [alert] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM risk_alert_transactions WHERE txn_ref_no = $1 AND rule_code = 'SINGLE_LARGE_TXN'`, [big.TxnRefNo]);
    expect(Number(alert!.n)).toBe(1);
    await logStoreOf(s.app.ctx).flush();
    const [entry] = await q<{ level: number; outcome: string; message: string }>(`SELECT level, outcome, message FROM log_entries WHERE source = 'PAYMENT' AND txn_ref_no = $1`, [big.TxnRefNo]);
    expect(entry).toMatchObject({ level: 1, outcome: '200' });
    expect(entry!.message).toContain('PAYMENT_GATEWAY (Demo PAYMENT_GATEWAY) POST /api/ingest/v1/transactions');
  });
});
