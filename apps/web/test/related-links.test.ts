/**
 * Related records linked both ways: a refund request's detail opens its original transaction in
 * the live view of its service type (refunds/desk-actions `originalTransactionPath`), and a
 * transaction's timeline opens the refund request of a refund event (report-related
 * `refundEventPath`). Generated over every refundable service type, every timeline code and every
 * set of the views' permissions: a link exactly when the caller holds the view it opens, to a
 * list that holds the record's service type.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIST_REPORTS, TIMELINE_CODES, type ReportRow, type TimelineEvent } from '@paydesk/contract';
import { REFUND_SERVICE_TYPE_CODES } from '@paydesk/domain';
import { originalTransactionPath } from '../src/features/refunds/desk-actions.tsx';
import { refundEventPath } from '../src/features/reports/report-related.tsx';

const VIEW_PERMISSIONS = [...new Set(LIST_REPORTS.map((d) => d.permission))];

describe('related records linked both ways', () => {
  it("links a refund request to its transaction in its service type's view, only for a holder of that view", () => {
    fc.assert(
      fc.property(fc.constantFrom(...REFUND_SERVICE_TYPE_CODES), fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.subarray(VIEW_PERMISSIONS), (serviceType, txnId, held) => {
        const detail = { Id: 1, ServiceType: serviceType, TransactionId: String(txnId), TxnRefNo: 'PD1' } as ReportRow;
        const path = originalTransactionPath(detail, new Set(held));
        // With every view held, the link exists: a transactions list of this service type.
        const full = originalTransactionPath(detail, new Set(VIEW_PERMISSIONS));
        const view = LIST_REPORTS.find((d) => full === `${d.path}/${txnId}`);
        expect(view?.source).toBe('transactions');
        if (view!.where.service_type !== undefined) expect(view!.where.service_type).toBe(serviceType);
        // With a subset: the same link exactly when that view's permission is held.
        expect(path).toBe(held.includes(view!.permission) ? full : null);
      }),
    );
    expect(originalTransactionPath({ Id: 1, ServiceType: 2, TransactionId: null } as unknown as ReportRow, new Set(VIEW_PERMISSIONS))).toBeNull();
  });

  it('links exactly the refund events of a timeline to their request on the refund desk, for a holder of the desk', () => {
    const desk = LIST_REPORTS.find((d) => d.source === 'refund_requests')!;
    fc.assert(
      fc.property(fc.constantFrom(...TIMELINE_CODES), fc.option(fc.nat(), { nil: null }), fc.boolean(), (Code, RefId, holds) => {
        const e: TimelineEvent = { At: '2026-11-30T00:00:00.000Z', Code, LabelKey: `timeline.${Code}`, RefId, Status: null, Amount: null, Currency: null };
        const path = refundEventPath(e, new Set(holds ? [desk.permission] : []));
        const expected = holds && RefId !== null && (Code === 'REFUND_REQUESTED' || Code === 'REFUND_UPDATED') ? `${desk.path}/${RefId}` : null;
        expect(path).toBe(expected);
      }),
    );
  });
});
