/**
 * The refund actions a report's detail drawer shows above the record, by report:
 * the desk's actions on a PreChargeback request, and "Request refund" (the §3 refund form) on a
 * transaction of a refundable service type (every one but terminal, §9). The report engine knows
 * nothing of refunds: the app (app/detail-actions.ts) passes them to the report page.
 */
import { useState, type ComponentType } from 'react';
import { Button, Tag } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './texts.ts';
import { REFUND_REQUEST_WORKFLOW, type ListReportDef, type ReportRow } from '@paydesk/contract';
import { REFUND_SERVICE_TYPE_CODES, compareMoney, sumMoney } from '@paydesk/domain';
import { useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';
import { DeskActions } from './desk-actions.tsx';
import { RefundRequestDialog, type RefundTarget } from './refund-request-dialog.tsx';

export type DetailActions = ComponentType<{ def: ListReportDef; detail: ReportRow }>;

/** The service type a report's rows all have (its fixed `where`), or null when it varies. */
function fixedServiceType(def: ListReportDef): number | null {
  const v = def.where.service_type;
  return typeof v === 'number' ? v : null;
}

/** "Request refund" on a transaction's detail: shown to holders of `prechargeback:request` for a successful sale with something left to refund. */
function TransactionRefundAction({ def, detail }: { def: ListReportDef; detail: ReportRow }) {
  const { t } = useTranslation();
  const held = useAppSelector(selectHeldPermissions);
  const [target, setTarget] = useState<RefundTarget | null>(null);
  const serviceType = fixedServiceType(def) ?? (typeof detail.ServiceType === 'number' ? detail.ServiceType : null);
  if (!held.has('prechargeback:request') || serviceType === null || !(REFUND_SERVICE_TYPE_CODES as readonly number[]).includes(serviceType)) return null;
  if (detail.RefundStatus === 'PENDING') return <Tag color="warning">{t('refund.pendingAlready')}</Tag>;
  const refundable = sumMoney([String(detail.TxnAmount ?? '0'), `-${String(detail.RefundedAmount ?? '0')}`]);
  if (detail.Status !== 'SUCCESS' || compareMoney(refundable, '0') <= 0) return null;
  return (
    <>
      <Button icon={<RollbackOutlined />} onClick={() => setTarget({ ref: String(detail.TxnRefNo), serviceType, refundable, currency: String(detail.Currency ?? 'MYR') })} data-testid="request-refund">
        {t('refund.request')}
      </Button>
      <RefundRequestDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}

/** The refund actions of `def`'s detail, or null when it has none. */
export function refundDetailActions(def: ListReportDef): DetailActions | null {
  if (def.source === REFUND_REQUEST_WORKFLOW.source) return DeskActions;
  if (def.source === 'transactions' && def.columns.some((c) => c.key === 'RefundedAmount')) return TransactionRefundAction;
  return null;
}
