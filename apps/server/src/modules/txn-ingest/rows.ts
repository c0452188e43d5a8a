/**
 * The ingest API's row checks (issue 31 item 1): each posted transaction is checked on its own
 * and becomes a transactions row (GenTxn) or a rejection naming its field. In order, the first
 * failure wins:
 *  1. the contract's TxnIngestRow (a field of the wrong shape, an amount out of range);
 *  2. a full card number in ANY field: refused with that field; the value goes nowhere (not in the
 *     answer, not in a log — the message names the field only);
 *  3. the source's channel: the payment gateway posts online service types by `Mid`, the terminal
 *     host terminal rows (service type 2) by `Tid`; a row of the other channel is another source's;
 *  4. the MID or TID on file (a TID's MID must match a `Mid` given), its merchant HQ and branch
 *     VERIFIED, and the service type among those the merchant's configuration enables (when it
 *     lists any);
 *  5. the currency active in /currency; the time not ahead of the server by more than 5 minutes
 *     nor older than PAYOUT_CATCH_UP_DAYS (payouts of older days are built already);
 *  6. a card payment method carries its masked PAN; a PREAUTH is service type 4 and only there;
 *  7. a reference twice in one request: the second is refused.
 * References already on file are judged when the rows are applied, under the ingest lock (apply.ts).
 *
 * Derived, as the seed derives them (docs/transaction-model.md): the owner ids from the
 * merchant's path; a terminal row's MID, acquirer and kind (EW → EWALLET, BNPL → BNPL, else
 * CARD); the card scheme from the BIN when not given; the MDR fee of a SUCCESS row at the
 * method's default rate (seed/txn-model.ts DEFAULT_MDR: merchant-specific rates apply at
 * settlement, settlement-mdr.ts), 0 otherwise.
 */
import { TxnIngestRow, type IngestRowResult } from '@paydesk/contract';
import {
  CARD_PAYMENT_METHODS, containsPan, detectCardScheme, type PaymentMethod, type ServiceTypeCode, type TransactionType, type TxnIngestSource,
} from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { mdrFeeSen, senToText, textToSen } from '../../transactions/default-mdr.ts';
import type { GenTxn } from '../../transactions/insert.ts';
import { PAYOUT_CATCH_UP_DAYS } from '../payout/jobs.ts';

type Row = ReturnType<typeof TxnIngestRow.parse>;

/** A row checked: the transaction to write (id 0 until applied), or its rejection. */
export type CheckedRow = { index: number; ok: true; txn: GenTxn } | { index: number; ok: false; result: IngestRowResult };

interface Merchant {
  id: number;
  level: string;
  mid: string;
  path: string;
  status: string;
  types: string[];
  parentStatus: string | null;
}

interface Terminal {
  tid: string;
  mid: string;
  orgId: number;
  acquirerId: number;
  acquirerName: string | null;
}

const DAY_MS = 86_400_000;

/** A rejection of row `index`: REJECTED, naming `field`. */
export function rejection(index: number, ref: unknown, field: string, message: string): IngestRowResult {
  return { Index: index, TxnRefNo: typeof ref === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(ref) ? ref : null, Result: 'REJECTED', Id: null, Status: null, Field: field, Message: `${field}: ${message}` };
}

/**
 * The field of each row that held a full card number, by row index, from the paths the input
 * guard masked (platform/input-guard.ts maskedPathsOf: `Transactions.3.CustName`); the value was
 * masked before anything read it, so only its place is known here. Also reads the rows again
 * (`containsPan`), for a caller outside a request.
 */
export function panFields(list: string, masked: readonly string[], raws: readonly Record<string, unknown>[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const p of masked) {
    const m = new RegExp(`^${list}\\.(\\d+)\\.([A-Za-z]+)`).exec(p);
    if (m && !out.has(Number(m[1]))) out.set(Number(m[1]), m[2]!);
  }
  raws.forEach((raw, i) => {
    if (out.has(i)) return;
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'string' && containsPan(v)) return void out.set(i, k);
  });
  return out;
}

/** The owner ids of a merchant HQ or branch from its path ("/mm/agency/agent/hq[/branch]/"). */
function ownersOf(m: Merchant) {
  const ids = m.path.split('/').filter(Boolean).map(Number);
  return { masterMerchantId: ids[0]!, agencyId: ids[1]!, agentId: ids[2]!, merchantId: ids[3]!, branchId: m.level === 'MERCHANT_BRANCH' ? m.id : null };
}

async function loadMerchants(q: Query, mids: string[], orgIds: number[]): Promise<{ byMid: Map<string, Merchant>; byId: Map<number, Merchant> }> {
  const rows = await q<{ id: number; level: string; mid: string; path: string; onboarding_status: string; types: string[] | null; parent_status: string | null }>(
    `SELECT o.id, o.level, o.mid, o.path, o.onboarding_status,
            (SELECT c.service_types FROM organization_configs c WHERE c.org_id = CASE WHEN o.level = 'MERCHANT_BRANCH' THEN o.parent_id ELSE o.id END) AS types,
            p.onboarding_status AS parent_status
     FROM organizations o LEFT JOIN organizations p ON p.id = o.parent_id AND o.level = 'MERCHANT_BRANCH'
     WHERE o.level IN ('MERCHANT_HQ', 'MERCHANT_BRANCH') AND (o.mid = ANY($1::text[]) OR o.id = ANY($2::int[]))`,
    [mids, orgIds],
  );
  const list = rows.map((r) => ({ id: Number(r.id), level: r.level, mid: r.mid, path: r.path, status: r.onboarding_status, types: r.types ?? [], parentStatus: r.parent_status }));
  return { byMid: new Map(list.map((m) => [m.mid, m])), byId: new Map(list.map((m) => [m.id, m])) };
}

/**
 * Checks `raws` posted by `source` at `now` (see the file note); `masked`: the body paths the input guard masked. Answers one CheckedRow per raw row,
 * in order. Reads the MIDs, TIDs, merchants and currencies the rows name (a few queries per batch).
 */
export async function checkRows(q: Query, source: TxnIngestSource, raws: readonly Record<string, unknown>[], now: Date, masked: readonly string[] = []): Promise<CheckedRow[]> {
  const pans = panFields('Transactions', masked, raws);
  const parsed = raws.map((raw, index) => {
    const pan = pans.get(index);
    if (pan) return { index, error: rejection(index, raw.TxnRefNo, pan, 'a full card number is refused and was not kept; send the first 6 and last 4 digits with the middle masked') };
    const r = TxnIngestRow.safeParse(raw);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      const field = issue.path.length ? issue.path.map(String).join('.') : 'row';
      return { index, error: rejection(index, raw.TxnRefNo, field, issue.message) };
    }
    return { index, row: r.data };
  });
  const good = parsed.flatMap((p) => ('row' in p && p.row ? [p.row] : []));
  const terminals = new Map<string, Terminal>();
  const tids = [...new Set(good.flatMap((r) => (r.Tid ? [r.Tid] : [])))];
  if (tids.length) {
    const rows = await q<{ tid: string; mid: string; org_id: number; acquirer_id: number; acquirer_name: string | null }>(
      `SELECT t.tid, t.mid, t.org_id, t.acquirer_id, a.acq_name AS acquirer_name FROM terminals t LEFT JOIN acquirers a ON a.id = t.acquirer_id WHERE t.tid = ANY($1::text[]) AND t.is_active = 1`,
      [tids],
    );
    for (const r of rows) terminals.set(r.tid, { tid: r.tid, mid: r.mid, orgId: Number(r.org_id), acquirerId: Number(r.acquirer_id), acquirerName: r.acquirer_name });
  }
  const { byMid, byId } = await loadMerchants(q, [...new Set(good.flatMap((r) => (r.Mid ? [r.Mid] : [])))], [...new Set([...terminals.values()].map((t) => t.orgId))]);
  const currencies = new Set((await q<{ c: string }>(`SELECT currency_code AS c FROM currencies WHERE is_active = 1`)).map((r) => r.c.trim()));
  const seen = new Set<string>();
  const nowMs = now.getTime();

  return parsed.map((p): CheckedRow => {
    if (!('row' in p) || !p.row) return { index: p.index, ok: false, result: p.error! };
    const r: Row = p.row;
    const bad = (field: string, message: string): CheckedRow => ({ index: p.index, ok: false, result: rejection(p.index, r.TxnRefNo, field, message) });
    const terminalRow = r.ServiceType === 2;
    if (source === 'PAYMENT_GATEWAY' && terminalRow) return bad('ServiceType', 'terminal transactions (service type 2) are the terminal host’s to post');
    if (source === 'TERMINAL_HOST' && !terminalRow) return bad('ServiceType', 'the terminal host posts terminal transactions (service type 2) only');
    let merchant: Merchant | undefined;
    let terminal: Terminal | undefined;
    if (terminalRow) {
      if (!r.Tid) return bad('Tid', 'required for a terminal transaction');
      terminal = terminals.get(r.Tid);
      if (!terminal) return bad('Tid', 'no active terminal has this TID');
      if (r.Mid && r.Mid !== terminal.mid) return bad('Mid', `the terminal ${r.Tid} belongs to another MID`);
      merchant = byId.get(terminal.orgId);
    } else {
      if (!r.Mid) return bad('Mid', 'required for an online transaction');
      merchant = byMid.get(r.Mid);
    }
    const door = terminalRow ? 'Tid' : 'Mid';
    if (!merchant) return bad(door, 'no merchant HQ or branch has this MID');
    if (merchant.status !== 'VERIFIED' || (merchant.parentStatus !== null && merchant.parentStatus !== 'VERIFIED')) {
      return bad(door, `the merchant is ${merchant.status !== 'VERIFIED' ? merchant.status : `under an HQ that is ${merchant.parentStatus}`}, not VERIFIED`);
    }
    if (merchant.types.length && !merchant.types.includes(String(r.ServiceType))) return bad('ServiceType', `the merchant's configuration does not enable service type ${r.ServiceType}`);
    if (!currencies.has(r.Currency)) return bad('Currency', 'not an active currency');
    const at = Date.parse(r.CreatedAt);
    if (at > nowMs + 5 * 60_000) return bad('CreatedAt', 'more than 5 minutes ahead of the server clock');
    if (at < nowMs - PAYOUT_CATCH_UP_DAYS * DAY_MS) return bad('CreatedAt', `older than ${PAYOUT_CATCH_UP_DAYS} days (its payouts are built)`);
    const method = r.PaymentMethod as PaymentMethod;
    if (CARD_PAYMENT_METHODS.includes(method) && !r.MaskedPan) return bad('MaskedPan', 'required for a card payment (first 6 and last 4 digits)');
    const txnType: TransactionType = r.TxnType ?? (r.ServiceType === 4 ? 'PREAUTH' : 'SALE');
    if ((txnType === 'PREAUTH') !== (r.ServiceType === 4)) return bad('TxnType', 'a PREAUTH is service type 4, and service type 4 posts PREAUTH');
    if (seen.has(r.TxnRefNo)) return bad('TxnRefNo', 'appears twice in this request');
    seen.add(r.TxnRefNo);

    const amountSen = textToSen(r.Amount);
    const masked = r.MaskedPan ? `${r.MaskedPan.slice(0, 6)}${'*'.repeat(r.MaskedPan.length - 10)}${r.MaskedPan.slice(-4)}` : null;
    const created = new Date(at);
    const owners = ownersOf(merchant);
    const kind = terminalRow ? (method === 'EW' ? 'EWALLET' : method === 'BNPL' ? 'BNPL' : 'CARD') : null;
    const txn: GenTxn = {
      id: 0,
      txnRefNo: r.TxnRefNo,
      merchantOrderNo: r.MerchantOrderNo ?? null,
      orderDescription: r.OrderDescription ?? null,
      serviceType: r.ServiceType as ServiceTypeCode,
      paymentMethod: method,
      cardScheme: r.CardScheme ?? (masked ? detectCardScheme(masked.slice(0, 6)) : null),
      cardType: r.CardType ?? null,
      maskedPan: masked,
      panLast4: masked ? masked.slice(-4) : null,
      issuerCountry: r.IssuerCountry ?? null,
      bankCode: r.BankCode ?? null,
      txnType,
      status: r.Status,
      amount: senToText(amountSen),
      currency: r.Currency,
      mid: terminal?.mid ?? merchant.mid,
      tid: terminal?.tid ?? null,
      acquirerId: terminal?.acquirerId ?? null,
      acquirerName: terminal?.acquirerName ?? null,
      provider: null,
      authCode: r.AuthCode ?? null,
      responseCode: r.ResponseCode ?? null,
      responseMessage: r.ResponseMessage ?? null,
      ...owners,
      custName: r.CustName ?? null,
      custPhoneNo: r.CustPhoneNo ?? null,
      custEmail: r.CustEmail ?? null,
      custRef: null,
      custAddress1: null,
      custAddress2: null,
      custState: null,
      custCity: null,
      custCountry: null,
      clientIp: r.ClientIp ?? null,
      paymentCreationDate: created,
      createdAt: created,
      updatedAt: now,
      mdrFee: r.Status === 'SUCCESS' && txnType !== 'PREAUTH' ? senToText(mdrFeeSen(method, amountSen)) : '0.00',
      preauthOp: txnType === 'PREAUTH' ? 'PREAUTH' : null,
      originalTxnId: null,
      paymentLinkId: null,
      recurringScheduleId: null,
      recurringCycle: null,
      entryMode: r.EntryMode ?? null,
      keyedByUserId: null,
      terminalKind: r.TerminalKind ?? kind,
      batchNo: r.BatchNo ?? null,
      stan: r.Stan ?? null,
      rrn: r.Rrn ?? null,
      walletProvider: r.WalletProvider ?? null,
      bnplProvider: r.BnplProvider ?? null,
      ingestSource: source,
    };
    return { index: p.index, ok: true, txn };
  });
}
