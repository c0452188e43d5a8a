/**
 * The bank payout batches beside the title of /payout-report, for holders of
 * `payoutreport:batch`: a "Bank batches" button opening a drawer (full width below 768 px) with
 * the "New batch" form (POST Payout/Batch/Create, new-batch-form.tsx) and the batch list (POST
 * Payout/Batch/Search; GET Payout/Batch/:Id/File; batch-list.tsx). Holders of
 * `payoutreport:batchresult` record a batch's bank result there (POST Payout/Batch/:Id/Result,
 * batch-result-upload.tsx). "Show payouts" closes the drawer on the report filtered by the batch
 * (its `BatchId` filter) in the batch's currency. A new batch or a recorded result refreshes the
 * list and the report (the payouts changed state).
 */
import { useState } from 'react';
import { Button, Divider, Drawer, Typography } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ListReportDef } from '@paydesk/contract';
import { useNarrow } from '../../shared/use-narrow.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { currencySelected } from '../../store/permission-slice.ts';
import { selectHeldPermissions, selectSelectedCurrency } from '../../store/selectors.ts';
import { invalidateReport } from '../../shared/report-api.ts';
import type { PageActionsComponent } from '../../shared/report-actions.ts';
import { listUrlOf } from '../../shared/summary-drill.ts';
import { invalidateBatches, type PayoutBatch } from './batch-api.ts';
import { BatchList } from './batch-list.tsx';
import { BatchResultUpload } from './batch-result-upload.tsx';
import { NewBatchForm } from './new-batch-form.tsx';
import './texts.ts';

/** The "Bank batches" button and its drawer, for holders of `payoutreport:batch`. */
export function BankBatchesButton({ def }: { def: ListReportDef }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const narrow = useNarrow();
  const held = useAppSelector(selectHeldPermissions);
  const headerCurrency = useAppSelector(selectSelectedCurrency);
  const [open, setOpen] = useState(false);
  const [recording, setRecording] = useState<PayoutBatch | null>(null);
  if (!held.has('payoutreport:batch')) return null;

  const changed = () => {
    dispatch(invalidateBatches());
    dispatch(invalidateReport(def));
  };
  const showPayouts = (batch: PayoutBatch) => {
    // The report lists the header currency's payouts: the batch's currency shows its lines.
    if (batch.Currency !== headerCurrency) dispatch(currencySelected(batch.Currency));
    setOpen(false);
    void navigate(listUrlOf(def, { BatchId: String(batch.Id) }));
  };

  return (
    <>
      <Button icon={<BankOutlined />} onClick={() => setOpen(true)} data-testid="payout-batches-open">
        {t('payoutBatch.open')}
      </Button>
      <Drawer
        open={open}
        title={t('payoutBatch.title')}
        size={narrow ? '100%' : '92%'}
        onClose={() => setOpen(false)}
        afterOpenChange={(isOpen) => {
          if (!isOpen) focusMainIfLost();
        }}
        destroyOnHidden
        closable={{ 'aria-label': t('common.close') }}
      >
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('payoutBatch.newTitle')}
        </Typography.Title>
        <NewBatchForm onCreated={changed} />
        <Divider />
        <BatchList canRecord={held.has('payoutreport:batchresult')} onRecord={setRecording} onShowPayouts={showPayouts} />
      </Drawer>
      <BatchResultUpload batch={recording} onClose={() => setRecording(null)} report={def} />
    </>
  );
}

/** The bank batches beside the title of the payout report (/payout-report), or null for other reports. */
export function payoutPageActions(def: ListReportDef): PageActionsComponent | null {
  return def.name === 'Payout' ? BankBatchesButton : null;
}
