/**
 * The per-kind transaction model of the demo generator (docs/transaction-model.md),
 * checked on the pure stream (no database): every §4 transaction type at the terminal, pre-auth
 * chains valid, links and schedules referenced, terminal fields, batch lines equal to their rows,
 * MDR fees on successful sales only, unique ids and references.
 */
import { ENTRY_MODES, TRANSACTION_TYPES } from '@paydesk/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORG_COUNT, generateHierarchy, streamTransactions } from '../../src/seed/generate.ts';
import type { GenTxn } from '../../src/transactions/insert.ts';
import { Rng } from '../../src/seed/random.ts';
import type { GenBatch, GenBatchLine, GenLink, GenSchedule } from '../../src/seed/txn-model.ts';
import type { GenRefund } from '../../src/seed/generate.ts';

const ACQUIRERS = ['MBB', 'CIMB', 'PBB', 'RHB', 'HLB', 'AMB', 'BSN', 'AFFIN'].map((code, i) => ({ id: i + 1, code, name: code }));
const NOW = new Date('2026-03-15T04:30:00Z');
const COUNT = 100_000;
const SALE_KINDS = new Set(['SALE', 'MOTO', 'EPP', 'SALECOMPLETION', 'VOID', 'VOIDMOTO', 'VOIDEPP', 'VOIDSALECOMPLETION']);
const CONTROL = new Set(['SETTLE', 'SETTLETRAILER', 'BATCHUPLOAD']);

const txns: GenTxn[] = [];
const links: GenLink[] = [];
const schedules: GenSchedule[] = [];
const batches: GenBatch[] = [];
const lines: GenBatchLine[] = [];
const refunds: GenRefund[] = [];

// Generating 100,000 rows takes seconds on a loaded machine: a generous hook time, no timing asserted.
beforeAll(() => {
  const rng = new Rng(5);
  const h = generateHierarchy(rng, Array.from({ length: ORG_COUNT }, (_, i) => i + 1), NOW);
  const staffOf = new Map([[h.demo.hq.id, [101, 102]], [h.demo.branch.id, [103]]]);
  for (const c of streamTransactions(rng, { hierarchy: h, acquirers: ACQUIRERS, now: NOW }, COUNT, { firstTxnId: 1000, chunkSize: 7000, staffOf })) {
    txns.push(...c.txns);
    links.push(...c.links);
    schedules.push(...c.schedules);
    batches.push(...c.batches);
    lines.push(...c.batchLines);
    refunds.push(...c.refunds);
  }
}, 300_000);

describe('demo transaction model (generate.ts, txn-model.ts)', () => {
  it('yields exactly the count, ids unique from firstTxnId, references unique, in time order', () => {
    expect(txns).toHaveLength(COUNT);
    expect(new Set(txns.map((t) => t.id)).size).toBe(COUNT);
    expect(Math.min(...txns.map((t) => t.id))).toBe(1000);
    expect(new Set(txns.map((t) => t.txnRefNo)).size).toBe(COUNT);
    expect(txns.filter((t, i) => i > 0 && t.createdAt < txns[i - 1]!.createdAt)).toEqual([]);
    expect(txns.filter((t) => t.createdAt.getTime() > NOW.getTime())).toEqual([]);
  });

  it('times refund requests believably: after their sale, not after now, and not all at one instant', () => {
    const sold = new Map(txns.map((t) => [t.txnRefNo, t.createdAt.getTime()]));
    expect(refunds.length).toBeGreaterThan(50);
    for (const r of refunds) {
      expect(r.createdAt.getTime()).toBeGreaterThanOrEqual(sold.get(r.txnRefNo)!);
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(r.updatedAt.getTime()).toBeGreaterThanOrEqual(r.createdAt.getTime());
    }
    // The demo once stamped every recent request with the seed's own instant.
    const atNow = refunds.filter((r) => r.createdAt.getTime() === NOW.getTime()).length;
    expect(atNow).toBeLessThanOrEqual(1);
    expect(new Set(refunds.map((r) => r.createdAt.getTime())).size).toBeGreaterThan(refunds.length * 0.95);
  });

  it('has every §4 transaction type at the terminal, and only sale kinds elsewhere', () => {
    const terminalTypes = new Set(txns.filter((t) => t.serviceType === 2).map((t) => t.txnType));
    expect([...terminalTypes].sort()).toEqual([...TRANSACTION_TYPES].sort());
    const sale = txns.filter((t) => t.serviceType === 2 && t.terminalKind === 'CARD' && t.txnType === 'SALE').length;
    const settle = txns.filter((t) => t.txnType === 'SETTLE').length;
    // Sales outnumber settlements (a quiet terminal of a small dataset settles after a few sales; a busy
    // one daily), and batch uploads are rarer still.
    expect(settle).toBeLessThan(sale);
    expect(txns.filter((t) => t.txnType === 'BATCHUPLOAD').length).toBeLessThan(settle);
    expect(txns.filter((r) => r.serviceType !== 2 && CONTROL.has(r.txnType))).toEqual([]);
  });

  it('chains pre-auth operations to a successful, earlier PREAUTH of the same merchant; a capture never exceeds it', () => {
    const byId = new Map(txns.map((t) => [t.id, t]));
    const preauth = txns.filter((t) => t.serviceType === 4);
    expect(new Set(preauth.map((t) => t.preauthOp))).toEqual(new Set(['PREAUTH', 'PREAUTH_VOID', 'CAPTURE', 'CAPTURE_VOID']));
    const chains = new Map<number, GenTxn[]>();
    for (const t of preauth) {
      if (t.preauthOp === 'PREAUTH') {
        expect(t.originalTxnId).toBeNull();
        expect(t.txnType).toBe('PREAUTH');
        continue;
      }
      const p = byId.get(t.originalTxnId!)!;
      expect(p.preauthOp).toBe('PREAUTH');
      expect(p.status).toBe('SUCCESS');
      expect(p.merchantId).toBe(t.merchantId);
      expect(p.createdAt.getTime()).toBeLessThanOrEqual(t.createdAt.getTime());
      expect(Number(t.amount)).toBeLessThanOrEqual(Number(p.amount));
      chains.set(p.id, [...(chains.get(p.id) ?? []), t]);
    }
    let voided = 0;
    for (const ops of chains.values()) {
      const kinds = ops.map((o) => o.preauthOp);
      // A void ends the chain: PREAUTH_VOID alone, or CAPTURE then at most one CAPTURE_VOID.
      expect([['PREAUTH_VOID'], ['CAPTURE'], ['CAPTURE', 'CAPTURE_VOID']]).toContainEqual(kinds);
      if (kinds[1]) expect(ops[1]!.amount).toBe(ops[0]!.amount);
      // A voided capture is one row like any voided sale (status VOID, VOIDSALECOMPLETION, no fee,
      // updated at the void's time); the CAPTURE_VOID operation row (SUCCESS) records the void.
      const capture = ops[0]!;
      if (capture.preauthOp !== 'CAPTURE') continue;
      const v = ops[1];
      expect([capture.status, capture.txnType], String(capture.id)).toEqual(v ? ['VOID', 'VOIDSALECOMPLETION'] : ['SUCCESS', 'SALECOMPLETION']);
      if (v) {
        voided++;
        expect([v.status, v.txnType, capture.mdrFee]).toEqual(['SUCCESS', 'VOIDSALECOMPLETION', '0.00']);
        expect(capture.updatedAt.getTime()).toBe(v.createdAt.getTime());
      }
    }
    expect(voided).toBeGreaterThan(0);
  });

  it('gives payment-link rows their link and recurring rows their schedule and cycle', () => {
    const linkIds = new Map(links.map((l) => [l.id, l]));
    const scheduleIds = new Map(schedules.map((s) => [s.id, s]));
    expect(new Set(links.map((l) => l.linkRef)).size).toBe(links.length);
    const bad = txns.filter((t) => {
      if (t.serviceType === 3) {
        const link = linkIds.get(t.paymentLinkId!);
        const paid = t.status === 'SUCCESS' || t.status === 'VOID';
        if (!link || link.merchantId !== t.merchantId || link.amount !== t.amount || (link.status === 'PAID') !== paid) return true;
      } else if (t.paymentLinkId !== null) return true;
      if (t.serviceType === 6) {
        const s = scheduleIds.get(t.recurringScheduleId!);
        if (!s || s.merchantId !== t.merchantId || s.amount !== t.amount || !(t.recurringCycle! >= 1 && t.recurringCycle! <= s.cyclesDone)) return true;
      } else if (t.recurringScheduleId !== null || t.recurringCycle !== null) return true;
      return false;
    });
    expect(bad).toEqual([]);
    expect(links.length).toBeGreaterThan(txns.filter((t) => t.serviceType === 3).length);
    expect(new Set(schedules.map((s) => s.frequency))).toEqual(new Set(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']));
  });

  it('keys pay-by-card by staff and reads terminal cards with an entry mode; e-wallet and BNPL rows name their provider', () => {
    const entryModes = new Set<string | null>(ENTRY_MODES);
    const bad = txns.filter((t) => {
      if (t.serviceType === 5 && t.entryMode !== 'KEYED') return true;
      if (t.serviceType !== 2) return t.tid !== null || t.terminalKind !== null || t.batchNo !== null;
      if (!/^\d{8}$/.test(t.tid ?? '')) return true;
      if (t.terminalKind === 'CARD') {
        if (!/^\d{6}$/.test(t.batchNo ?? '') || !/^\d{6}$/.test(t.stan ?? '') || !/^\d{12}$/.test(t.rrn ?? '')) return true;
        if (CONTROL.has(t.txnType)) return t.amount !== '0.00' || t.maskedPan !== null;
        if (!entryModes.has(t.entryMode)) return true;
        return t.entryMode === 'CONTACTLESS' && Number(t.amount) > 250;
      }
      if (t.batchNo !== null) return true;
      if (t.terminalKind === 'EWALLET') return t.walletProvider === null;
      return t.terminalKind !== 'BNPL' || t.bnplProvider === null;
    });
    expect(bad).toEqual([]);
    expect(txns.some((t) => t.serviceType === 5 && t.keyedByUserId !== null)).toBe(true);
  });

  it('writes batch lines equal to the card rows of each batch, and one batch per terminal and number', () => {
    const key = (tid: string, batchNo: string) => `${tid}/${batchNo}`;
    const batchOf = new Map(batches.map((b) => [key(b.tid, b.batchNo), b]));
    expect(batchOf.size).toBe(batches.length);
    const expected = new Map<string, { n: number; sen: number; vn: number; vsen: number }>();
    for (const t of txns) {
      if (t.terminalKind !== 'CARD' || !SALE_KINDS.has(t.txnType) || (t.status !== 'SUCCESS' && t.status !== 'VOID')) continue;
      const b = batchOf.get(key(t.tid!, t.batchNo!))!;
      const k = `${b.id}|${t.cardScheme}|${t.cardType}`;
      const e = expected.get(k) ?? { n: 0, sen: 0, vn: 0, vsen: 0 };
      const sen = Math.round(Number(t.amount) * 100);
      e.n++;
      e.sen += sen;
      if (t.status === 'VOID') {
        e.vn++;
        e.vsen += sen;
      }
      expected.set(k, e);
    }
    expect(lines).toHaveLength(expected.size);
    const differ = lines.filter((l) => {
      const e = expected.get(`${l.batchId}|${l.cardScheme}|${l.cardType}`);
      return !e || e.n !== l.saleCount || e.sen !== l.saleSen || e.vn !== l.voidCount || e.vsen !== l.voidSen;
    });
    expect(differ).toEqual([]);
    expect(new Set(batches.map((b) => b.status))).toEqual(new Set(['OPEN', 'SETTLED', 'UPLOADED']));
    expect(batches.filter((b) => (b.status === 'OPEN') !== (b.settledAt === null))).toEqual([]);
  });

  it('charges an MDR fee on successful sales only, never above the amount', () => {
    const bad = txns.filter((t) => {
      const fee = Number(t.mdrFee);
      const earns = t.status === 'SUCCESS' && t.txnType !== 'PREAUTH' && !t.txnType.startsWith('VOID') && !CONTROL.has(t.txnType) && t.txnType !== 'REVERSE';
      return earns ? !(fee > 0 && fee <= Number(t.amount)) : fee !== 0;
    });
    expect(bad).toEqual([]);
  });
});
