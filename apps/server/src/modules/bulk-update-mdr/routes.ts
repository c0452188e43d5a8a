/**
 * /bulk-update-mdr (permission bulkupdateconfiguration:mdr), multipart and therefore unencrypted
 * (§7 "multipart POST (unencrypted)"):
 *  - POST /api/portal/BulkUpdateMdr/Preview (field `file`, .xlsx or .csv) → {Changes, Errors}:
 *    what each row would do, with the stored rate it replaces; nothing is written;
 *  - POST /api/portal/BulkUpdateMdr/Apply (the same file) → {Applied, Inserted, Updated, Unchanged}:
 *    the file is checked again; any error → VAL400 with every row's `Errors` and nothing applied;
 *    otherwise every row is written into mdr_rates in ONE transaction (inserted, or updating the
 *    rate of the same product, category and effective date), each changed rate audited in that
 *    transaction (CREATE or UPDATE of targetType MdrRate with its id, before and after, detail
 *    naming the file and row), then one BULK_UPDATE_MDR summary record holding every rate before
 *    and after.
 * The file rules are in mdr-file.ts.
 */
import type { FastifyInstance } from 'fastify';
import { scopeOf } from '../../platform/scope.ts';
import { BulkUploadError } from '../../engine/bulk-upload.ts';
import { writeAudit } from '../../platform/audit.ts';
import { registerRoute } from '../../platform/route.ts';
import { uploadedFile } from '../../platform/upload.ts';
import { planMdrChanges, storedRate, type MdrChange } from './mdr-file.ts';

const shown = ({ Row, ProductCode, CategoryCode, Action, Before, After }: MdrChange) => ({ Row, ProductCode, CategoryCode, Action, Before, After });

export function bulkUpdateMdrRoutes(app: FastifyInstance): void {
  const { database } = app.ctx;
  registerRoute(app, 'bulkUpdateMdrPreview', async (req) => {
    const { file, filename } = await uploadedFile(req);
    const { changes, errors } = await planMdrChanges(database.query, file, filename, app.ctx.now());
    return { Changes: changes.map(shown), Errors: errors };
  });

  registerRoute(app, 'bulkUpdateMdrApply', async (req) => {
    const scope = scopeOf(req);
    const { file, filename } = await uploadedFile(req);
    const at = app.ctx.now();
    const { changes, errors } = await planMdrChanges(database.query, file, filename, at);
    if (errors.length) throw new BulkUploadError(errors);

    return database.transaction(async (q) => {
      let inserted = 0;
      let updated = 0;
      const before: unknown[] = [];
      const after: unknown[] = [];
      for (const c of changes) {
        if (c.Action === 'UNCHANGED') continue;
        const v = c.After;
        // Read again under a lock: the preview's view may be stale by now.
        const current = await storedRate(q, c.productId, c.categoryId, v.EffectiveDate, true);
        let rateId: number;
        try {
          if (current) {
            rateId = current.id;
            await q(
              `UPDATE mdr_rates SET fee_mode = $1, mdr_percent = $2, flat_amount = $3, min_fee = $4, max_fee = $5, version = version + 1, updated_at = $7 WHERE id = $6`,
              [v.FeeMode, v.MdrPercent, v.FlatAmount, v.MinFee, v.MaxFee, current.id, at],
            );
            updated++;
          } else {
            const [row] = await q<{ id: number }>(
              `INSERT INTO mdr_rates (payment_product_id, mdr_category_id, fee_mode, mdr_percent, flat_amount, min_fee, max_fee, effective_date) VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date) RETURNING id`,
              [c.productId, c.categoryId, v.FeeMode, v.MdrPercent, v.FlatAmount, v.MinFee, v.MaxFee, v.EffectiveDate],
            );
            rateId = Number(row!.id);
            inserted++;
          }
        } catch {
          throw new BulkUploadError([{ Row: c.Row, Field: 'ProductCode', Message: 'could not be applied (changed by someone else meanwhile); nothing was applied, try again' }]);
        }
        const rateBefore = current ? { ProductCode: c.ProductCode, CategoryCode: c.CategoryCode, ...current.values } : null;
        const rateAfter = { ProductCode: c.ProductCode, CategoryCode: c.CategoryCode, ...v };
        // One record per changed rate, so a rate's history (target MdrRate + id) shows this change too.
        await writeAudit(q, req, {
          action: current ? 'UPDATE' : 'CREATE',
          result: 'SUCCESS',
          actorUserId: scope.userId,
          actorEmail: scope.email,
          targetType: 'MdrRate',
          targetId: rateId,
          before: rateBefore ?? undefined,
          after: rateAfter,
          detail: { bulkUpdateMdr: filename, row: c.Row },
        });
        before.push(rateBefore ? { Row: c.Row, ...rateBefore } : null);
        after.push({ Row: c.Row, ...rateAfter });
      }
      const unchanged = changes.length - inserted - updated;
      await writeAudit(q, req, {
        action: 'BULK_UPDATE_MDR',
        result: 'SUCCESS',
        actorUserId: scope.userId,
        actorEmail: scope.email,
        targetType: 'MdrRate',
        before,
        after,
        detail: { filename, rows: changes.length, inserted, updated, unchanged },
      });
      return { Applied: changes.length, Inserted: inserted, Updated: updated, Unchanged: unchanged };
    });
  });
}
