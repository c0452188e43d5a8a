/**
 * Keeps `recon_settlement_days` (the settlement summary): the items of a
 * provider and file kind per MYT settlement day and currency, counted and summed per §4 result.
 * Recomputed from `recon_items` for the days given (recon_items_report_day_idx), upserted so each
 * row keeps its id, and a day × currency left without items removed.
 */
import type { Query } from '../../db/client.ts';

const RESULTS = [
  [1, 'tally'], [2, 'not_tally'], [3, 'provider_only'], [4, 'portal_only'], [5, 'verified'], [6, 'unverify'], [7, 'duplicate'],
] as const;

/** The amount an item counts with: the provider's, or the portal's when the provider has none (EXIST IN portal). */
const AMOUNT = 'coalesce(provider_amount, portal_amount)';

/**
 * Recomputes the summary rows of `provider`/`kind` for the settlement `days` ('YYYY-MM-DD'),
 * stamping `at` (UTC). Runs in the caller's transaction (the matching's, a verification's).
 */
export async function refreshReconDays(q: Query, provider: string, kind: string, days: readonly string[], at: Date): Promise<void> {
  if (days.length === 0) return;
  // The provider's matching lock (import.ts): two verifications of one day, or a verification and
  // a matching, must not each recount from a snapshot missing the other's change. Taken after the
  // caller's own change, held to its commit, so whoever waits recounts with it.
  await q(`SELECT pg_advisory_xact_lock(hashtext('settlement-match:' || $1))`, [provider]);
  const perResult = RESULTS.map(([code, name]) => `count(*) FILTER (WHERE result = ${code})::int AS ${name}_count, coalesce(sum(${AMOUNT}) FILTER (WHERE result = ${code}), 0) AS ${name}_amount`).join(',\n      ');
  const names = RESULTS.flatMap(([, n]) => [`${n}_count`, `${n}_amount`]);
  await q(
    `INSERT INTO recon_settlement_days (provider, kind, settlement_date, settlement_day_at, currency, item_count, ${names.join(', ')}, provider_amount, provider_fee, portal_amount, updated_at)
     SELECT provider, kind, settlement_date, (settlement_date::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur'), currency, count(*)::int,
      ${perResult},
      coalesce(sum(provider_amount), 0), coalesce(sum(provider_fee), 0), coalesce(sum(portal_amount), 0), $4
     FROM recon_items WHERE provider = $1 AND kind = $2 AND settlement_date = ANY($3::date[])
     GROUP BY provider, kind, settlement_date, currency
     ON CONFLICT (provider, kind, settlement_date, currency) DO UPDATE SET
       item_count = EXCLUDED.item_count, ${names.map((n) => `${n} = EXCLUDED.${n}`).join(', ')},
       provider_amount = EXCLUDED.provider_amount, provider_fee = EXCLUDED.provider_fee, portal_amount = EXCLUDED.portal_amount, updated_at = EXCLUDED.updated_at`,
    [provider, kind, days, at],
  );
  await q(
    `DELETE FROM recon_settlement_days s WHERE s.provider = $1 AND s.kind = $2 AND s.settlement_date = ANY($3::date[])
       AND NOT EXISTS (SELECT 1 FROM recon_items i WHERE i.provider = s.provider AND i.kind = s.kind AND i.settlement_date = s.settlement_date AND i.currency = s.currency)`,
    [provider, kind, days],
  );
}
