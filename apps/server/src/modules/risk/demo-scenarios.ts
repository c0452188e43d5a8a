/**
 * Demo risk scenarios: the generated demo traffic is ordinary, so the rules
 * rarely fire on it. To give /risk and /risk-transaction real tickets, the demo seed ingests a few
 * suspicious patterns through the real engine (ingestTransactions, rules on), each a copy of a
 * seeded e-commerce card sale of one merchant HQ with new ids and references, dated in the last
 * two days:
 *  - card testing: one card tried 4 times within 20 minutes, 3 declined (SAME_CARD_LAST_HOUR);
 *  - a run of 6 declined transactions (CONSECUTIVE_FAILED_DAILY);
 *  - 6 orders from foreign IP addresses in a day (FOREIGN_IP_DAILY);
 *  - 11 orders from one IP address within an hour (SAME_IP_LAST_HOUR);
 *  - one RM 15,000.00 sale (SINGLE_LARGE_TXN).
 * With the seeded thresholds (/risk-parameter) each raises its alert with its evidence. Scenarios
 * go to up to 3 VERIFIED merchant HQs of the demo master merchant (mm@paydesk.my sees them) and
 * one other (ingest refuses a merchant not VERIFIED).
 */
import type { Database } from '../../db/client.ts';
import type { GenTxn } from '../../transactions/insert.ts';
import { ingestTransactions } from './ingest.ts';

const MINUTE = 60_000;
const camel = (k: string) => k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/** Ingests the scenarios at `now`; answers the alerts raised. */
export async function ingestDemoScenarios(database: Database, now: Date): Promise<number> {
  const models = await database.query<Record<string, unknown>>(
    `SELECT DISTINCT ON (t.merchant_id) t.* FROM transactions t
     WHERE t.service_type = 1 AND t.status = 'SUCCESS' AND t.masked_pan IS NOT NULL AND t.txn_type = 'SALE'
       AND t.merchant_id IN (
         (SELECT o.id FROM organizations o JOIN users u ON lower(u.email) = 'mm@paydesk.my' JOIN memberships m ON m.user_id = u.id AND m.is_default
          JOIN organizations mm ON mm.id = m.org_id WHERE o.level = 'MERCHANT_HQ' AND o.onboarding_status = 'VERIFIED' AND o.path LIKE mm.path || '%' ORDER BY o.id LIMIT 3)
         UNION ALL (SELECT o.id FROM organizations o WHERE o.level = 'MERCHANT_HQ' AND o.onboarding_status = 'VERIFIED' ORDER BY o.id DESC LIMIT 1))
       -- Ingest accepts only VERIFIED merchants: a sale at a branch not VERIFIED is no model.
       AND (t.branch_id IS NULL OR EXISTS (SELECT 1 FROM organizations b WHERE b.id = t.branch_id AND b.onboarding_status = 'VERIFIED'))
     ORDER BY t.merchant_id, t.id DESC`,
  );
  if (!models.length) return 0;
  const [{ top }] = (await database.query<{ top: string }>(`SELECT coalesce(max(id), 0)::text AS top FROM transactions`)) as [{ top: string }];
  let nextId = Number(top) + 1;
  const start = now.getTime() - 36 * 60 * MINUTE;
  const rows: GenTxn[] = [];
  models.forEach((m, mi) => {
    const base = Object.fromEntries(Object.entries(m).map(([k, v]) => [camel(k), v])) as unknown as GenTxn;
    const at = (minutes: number) => new Date(start + mi * 97 * MINUTE + minutes * MINUTE);
    const add = (minutes: number, over: Partial<GenTxn>) => {
      const id = nextId++;
      const row: GenTxn = { ...base, id, txnRefNo: `PDK${String(id).padStart(15, '0')}`, createdAt: at(minutes), updatedAt: at(minutes), paymentCreationDate: at(minutes), originalTxnId: null, paymentLinkId: null, recurringScheduleId: null, ...over };
      // The last 4 digits always those of the masked PAN (the Last4 filter reads pan_last4).
      rows.push({ ...row, panLast4: row.maskedPan ? row.maskedPan.slice(-4) : row.panLast4 });
    };
    const declined = { status: 'FAILED' as const, responseCode: '05', responseMessage: 'Do not honour', authCode: null, mdrFee: '0' };
    const card = `${String(base.maskedPan).slice(0, 6)}******${String(4000 + mi).slice(-4)}`;
    // Card testing: small amounts on one card, declined then approved.
    [0, 6, 13, 19].forEach((min, i) => add(min, { maskedPan: card, panLast4: card.slice(-4), amount: `${1 + i}.00`, ...(i < 3 ? declined : {}) }));
    // A run of declines.
    for (let i = 0; i < 6; i++) add(60 + i * 4, { ...declined, maskedPan: `${card.slice(0, 6)}******${String(5100 + mi * 10 + i)}` });
    // Orders from abroad (Singapore addresses).
    for (let i = 0; i < 6; i++) add(120 + i * 35, { clientIp: `116.86.${20 + mi}.${10 + i}`, maskedPan: `${card.slice(0, 6)}******${String(6100 + mi * 10 + i)}` });
    // One address, many orders within the hour.
    for (let i = 0; i < 11; i++) add(400 + i * 5, { clientIp: `175.140.${30 + mi}.77`, maskedPan: `${card.slice(0, 6)}******${String(7100 + mi * 20 + i)}` });
    // One large sale.
    add(600, { amount: '15000.00', maskedPan: `${card.slice(0, 6)}******${String(8100 + mi)}` });
  });
  const result = await ingestTransactions(database, rows, { rules: true, at: now });
  return result.alerts;
}
