/**
 * Bulk upload of a resource: choose an XLSX or CSV file (header row = API field names, as the
 * export writes them) → send → a summary of what was applied, or the per-row errors (nothing is
 * applied then) with a downloadable error report. An applied file asks the resource's lists
 * again (the upload mutation's tags).
 */
import { useState } from 'react';
import { Alert, Button, Flex, Modal, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@paydesk/domain';
import type { ResourceDef } from '@paydesk/contract';
import type { Verdict } from '../../../api/failure.ts';
import { rowErrorsOf, type RowError } from '../../../shared/csv.ts';
import { RowErrors } from '../../../shared/row-errors.tsx';
import { useUpload } from '../../../store/file-api.ts';
import { resourceTitle } from '../labels.ts';
import { resourceBulkUpload, type BulkUploadResult } from '../resource-api.ts';
import { SheetDropZone } from '../../../shared/sheet-drop-zone.tsx';

type Outcome = { kind: 'done'; result: BulkUploadResult } | { kind: 'rows'; message: string; errors: RowError[] } | { kind: 'refused'; message: string };

/** The columns a file may have: the writable fields (and OrgId for owned resources). */
function uploadColumns(def: ResourceDef): string[] {
  return [...Object.entries(def.fields).filter(([, f]) => !f.readOnly).map(([k]) => k), ...(def.scope === 'owned' ? ['OrgId'] : [])];
}

export function BulkUploadDialog({ def, open, onClose }: { def: ResourceDef; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [upload] = useUpload();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const reset = () => {
    setFile(null);
    setOutcome(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const send = async () => {
    if (!file) return;
    setBusy(true);
    let verdict: Verdict | null = null;
    try {
      const result = await upload(
        resourceBulkUpload(def, file, {
          // A refused file is shown here (with its rows); other failures get the usual toast.
          silent: (v) => v.code === ERROR_CODES.VALIDATION,
          onFailure: (v) => (verdict = v),
        }),
      );
      setOutcome({ kind: 'done', result });
    } catch {
      const v = verdict as Verdict | null;
      if (v?.code === ERROR_CODES.VALIDATION) {
        const errors = rowErrorsOf(v.body);
        const message = v.messages.join(' ');
        setOutcome(errors?.length ? { kind: 'rows', message, errors } : { kind: 'refused', message });
      }
    } finally {
      setBusy(false);
    }
  };

  const done = outcome?.kind === 'done';
  return (
    <Modal
      open={open}
      title={t('upload.title', { title: resourceTitle(t, def) })}
      width={720}
      onCancel={close}
      destroyOnHidden
      footer={
        done ? (
          <Button type="primary" onClick={close}>
            {t('common.close')}
          </Button>
        ) : (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={close}>{t('resource.cancel')}</Button>
            <Button type="primary" disabled={!file} loading={busy} onClick={() => void send()}>
              {t('upload.send')}
            </Button>
          </Flex>
        )
      }
    >
      {done ? (
        <Result
          status="success"
          title={t('upload.done', { applied: outcome.result.Applied })}
          subTitle={t('upload.doneDetail', { created: outcome.result.Created, updated: outcome.result.Updated })}
        />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('upload.hint')}
            <br />
            <Typography.Text code>{uploadColumns(def).join(', ')}</Typography.Text>
          </Typography.Paragraph>
          <SheetDropZone
            file={file}
            onChoose={(f) => {
              setFile(f);
              setOutcome(null);
            }}
            onRemove={reset}
          />
          {outcome && <Alert type="error" showIcon title={outcome.message} role="alert" />}
          {outcome?.kind === 'rows' && <RowErrors errors={outcome.errors} reportName={`${def.name}-upload-errors.csv`} />}
        </Flex>
      )}
    </Modal>
  );
}
