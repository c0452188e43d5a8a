/**
 * The transactions a risk alert counted, inline in its detail (issue 29 item 3: the triggering
 * transactions one glance away, not two clicks): each its reference, linked to the transaction's own
 * detail in its live view when the caller may open it (shared/transaction-link.ts), its time in MYT
 * (§9), status, amount in its currency, and the masked card or client IP it carried. A compact list,
 * not a table, so it reads in a 390 px drawer. The rule's own sentence (observed against the
 * threshold, in the rule's unit) heads it.
 */
import { Flex, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListReportDef, ReportColumn, ResponseOf } from '@paydesk/contract';
import { formatDateTime } from '@paydesk/domain';
import { useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';
import { formatMoney } from '../../shared/format.ts';
import { transactionDetailPath } from '../../shared/transaction-link.ts';
import { enumText, unitText } from '../../shared/cell-text.ts';

type RiskLog = ResponseOf<'riskLog'>;

/**
 * The rule's finding in words: "Single large transaction: RM 15,000.00 observed against RM
 * 10,000.00" (values in the rule's unit: money in the alert's currency, %, transactions, days).
 */
export function raisedSummary(t: TFunction, def: Pick<ListReportDef, 'columns'>, log: Pick<RiskLog, 'RuleCode' | 'Observed' | 'Threshold' | 'Currency'>, language: string): string {
  const row = { RuleCode: log.RuleCode, Observed: log.Observed, Threshold: log.Threshold };
  const currency = log.Currency ?? 'MYR';
  // The report's own columns say each value's unit (unitBy: by the rule), as its table writes them.
  const inUnit = (key: 'Observed' | 'Threshold') => {
    const column: ReportColumn | undefined = def.columns.find((c) => c.key === key);
    return (column && unitText(t, column, row, currency, language)) ?? row[key];
  };
  return t('riskDesk.raisedSummary', { rule: enumText(t, 'riskRule', log.RuleCode), observed: inUnit('Observed'), threshold: inUnit('Threshold') });
}

export function RiskEvidence({ def, log }: { def: Pick<ListReportDef, 'columns'>; log: RiskLog }) {
  const { t, i18n } = useTranslation();
  const held = useAppSelector(selectHeldPermissions);
  return (
    <section aria-label={t('riskDesk.evidence')} data-testid="risk-evidence">
      <Typography.Paragraph style={{ marginBottom: 8 }} data-testid="risk-finding">
        {raisedSummary(t, def, log, i18n.language)}
      </Typography.Paragraph>
      <Typography.Title level={5} style={{ margin: '0 0 4px' }}>
        {t('riskDesk.evidenceCount', { count: log.Transactions.length })}
      </Typography.Title>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {log.Transactions.map((x) => {
          const path = transactionDetailPath(x.Id, x.ServiceType, x.PaymentMethod, held);
          return (
            <li key={x.Id} style={{ padding: '6px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
              <Flex justify="space-between" gap={8} wrap>
                <span style={{ overflowWrap: 'anywhere' }}>{path ? <Link to={path}>{x.TxnRefNo}</Link> : x.TxnRefNo}</span>
                <strong>{formatMoney(x.TxnAmount, x.Currency)}</strong>
              </Flex>
              <Typography.Text type="secondary">
                {[formatDateTime(x.CreatedAt), enumText(t, 'status', x.Status), x.MaskedPAN, x.ClientIp].filter(Boolean).join(' · ')}
              </Typography.Text>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
