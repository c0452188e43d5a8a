/**
 * Record the bank's result of a payout batch: choose one CSV or XLSX file (a
 * line per payment reference, PAID or FAILED with a reason), confirm, send it (POST
 * Payout/Batch/:Id/Result, multipart `file`), then show how many payouts were paid and how many
 * failed. A wrong file is refused by the server with the row and field at fault (its toast), and
 * the dialog stays open for a corrected file; a batch's result is recorded once. Once recorded,
 * the batch list and the report are asked again (the upload mutation's tags).
 */
import { useState } from 'react';
import { Alert, App, Button, Flex, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListReportDef } from '@paydesk/contract';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { formatCount } from '../../shared/format.ts';
import { useUpload } from '../../store/file-api.ts';
import { batchResultUpload, type PayoutBatch } from './batch-api.ts';
import { SheetFilePicker } from '../../shared/sheet-file-picker.tsx';
import './texts.ts';

export interface BatchResultUploadProps {
  /** The batch whose result is recorded; null: closed. */
  batch: PayoutBatch | null;
  onClose: () => void;
  /** The report whose payouts the result changes (asked again once it is recorded). */
  report: Pick<ListReportDef, 'api'>;
}

/** The dialog recording a batch's bank result file. */
export function BatchResultUpload({ batch, onClose, report }: BatchResultUploadProps) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [done, setDone] = useState<PayoutBatch | null>(null);
  const reference = batch?.Reference ?? '';
  const [upload] = useUpload();

  const send = async (chosen: File) => {
    if (!batch) return;
    try {
      const answer = await upload(batchResultUpload(batch.Id, chosen, report));
      setDone(answer);
    } catch {
      // The client showed the server's message (the row and field at fault, already recorded …).
    }
  };

  const start = () => {
    if (!file) {
      setMissing(true);
      return;
    }
    modal.confirm({
      title: t('payoutBatch.confirmResult', { file: file.name, reference }),
      content: t('payoutBatch.confirmResultNote'),
      okText: t('payoutBatch.yesRecord'),
      cancelText: t('resource.cancel'),
      onOk: () => send(file),
    });
  };

  return (
    <Modal
      open={batch !== null}
      title={t('payoutBatch.resultTitle', { reference })}
      onCancel={onClose}
      afterClose={() => {
        setFile(null);
        setMissing(false);
        setDone(null);
        focusMainIfLost();
      }}
      destroyOnHidden
      footer={
        done ? (
          <Button onClick={onClose}>{t('common.close')}</Button>
        ) : (
          <Button type="primary" onClick={start} data-testid="payout-result-send">
            {t('payoutBatch.send')}
          </Button>
        )
      }
    >
      <Flex vertical gap={12} data-testid="payout-result">
        {done ? (
          <Alert
            type={done.FailedCount > 0 ? 'warning' : 'success'}
            showIcon
            title={t('payoutBatch.resultDone', { reference, paid: formatCount(done.PaidCount, i18n.language), failed: formatCount(done.FailedCount, i18n.language) })}
            data-testid="payout-result-done"
          />
        ) : (
          <>
            <SheetFilePicker
              label={t('payoutBatch.resultFile')}
              chooseText={t('payoutBatch.choose')}
              missingText={t('payoutBatch.noFile')}
              file={file}
              missing={missing}
              onChange={(f) => {
                setFile(f);
                setMissing(false);
              }}
              testId="payout-result-choose"
            />
          </>
        )}
      </Flex>
    </Modal>
  );
}
