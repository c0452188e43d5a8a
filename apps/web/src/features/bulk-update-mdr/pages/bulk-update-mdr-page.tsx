/**
 * Bulk update MDR: choose a file → Preview (the changes, before and after, and the rows in error)
 * → Apply the same file after a confirmation. Nothing is applied while any row has an error.
 */
import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Flex, Result, Table, Tag, Typography } from 'antd';
import { CheckOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@paydesk/domain';
import type { Verdict } from '../../../api/failure.ts';
import { rowErrorsOf, type RowError } from '../../../shared/csv.ts';
import { RowErrors } from '../../../shared/row-errors.tsx';
import { useScrollRegion } from '../../../shared/scroll-region.ts';
import { useUpload } from '../../../store/file-api.ts';
import { mdrApply, mdrPreview, type MdrApplyResult, type MdrChange, type MdrPreview, type MdrRateValues } from '../bulk-update-mdr-api.ts';
import { SheetDropZone } from '../../../shared/sheet-drop-zone.tsx';

type Step = { kind: 'idle' } | { kind: 'preview'; preview: MdrPreview } | { kind: 'refused'; message: string; errors: RowError[] } | { kind: 'applied'; result: MdrApplyResult };

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));

const ACTION_COLORS: Record<MdrChange['Action'], string> = { INSERT: 'success', UPDATE: 'processing', UNCHANGED: 'default' };
const RATE_FIELDS: (keyof MdrRateValues)[] = ['FeeMode', 'MdrPercent', 'FlatAmount', 'MinFee', 'MaxFee', 'EffectiveDate'];

/** One side of a change; values that differ from the other side are bold. */
function Rate({ values, other }: { values: MdrRateValues | null; other: MdrRateValues | null }) {
  const { t } = useTranslation();
  if (!values) return <Typography.Text type="secondary">{t('bulkMdr.none')}</Typography.Text>;
  return (
    <Flex vertical>
      {RATE_FIELDS.map((k) => (
        <Typography.Text key={k} strong={other !== null && text(other[k]) !== text(values[k])}>
          {k === 'FeeMode' ? `${k}: ${t(`enum.mdrFeeMode.${values.FeeMode}`, { defaultValue: text(values.FeeMode) })}` : `${k}: ${text(values[k])}`}
        </Typography.Text>
      ))}
    </Flex>
  );
}

function ChangesTable({ changes }: { changes: MdrChange[] }) {
  const { t } = useTranslation();
  // Its rows hold no link: the sideways scroller itself takes the focus (shared/scroll-region.ts).
  const box = useScrollRegion(t('bulkMdr.changes'));
  return (
    <div ref={box}>
      <Table<MdrChange>
        size="small"
        rowKey="Row"
        aria-label={t('bulkMdr.changes')}
        dataSource={changes}
        pagination={changes.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'Row', title: t('upload.row'), dataIndex: 'Row', width: 70 },
          { key: 'ProductCode', title: t('bulkMdr.product'), dataIndex: 'ProductCode' },
          { key: 'CategoryCode', title: t('bulkMdr.category'), dataIndex: 'CategoryCode' },
          { key: 'Action', title: t('bulkMdr.action'), render: (_, c) => <Tag color={ACTION_COLORS[c.Action]}>{t(`bulkMdr.action.${c.Action}`)}</Tag> },
          { key: 'Before', title: t('bulkMdr.before'), render: (_, c) => <Rate values={c.Before} other={c.After} /> },
          { key: 'After', title: t('bulkMdr.after'), render: (_, c) => <Rate values={c.After} other={c.Before} /> },
        ]}
      />
    </div>
  );
}

export default function BulkUpdateMdrPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const [upload] = useUpload();

  /** Runs an upload; a refused file (VAL400) is shown on the page, other failures as a toast. */
  const send = async <T,>(call: (options: { silent: (v: Verdict) => boolean; onFailure: (v: Verdict) => void }) => Promise<T>, done: (answer: T) => void) => {
    setBusy(true);
    let verdict: Verdict | null = null;
    const refused = (v: Verdict) => v.code === ERROR_CODES.VALIDATION;
    try {
      done(await call({ silent: refused, onFailure: (v) => (verdict = v) }));
    } catch {
      const v = verdict as Verdict | null;
      if (v && refused(v)) setStep({ kind: 'refused', message: v.messages.join(' '), errors: rowErrorsOf(v.body) ?? [] });
    } finally {
      setBusy(false);
    }
  };

  const preview = () => file && void send((o) => upload(mdrPreview(file, o)), (p) => setStep({ kind: 'preview', preview: p }));

  const apply = () => {
    if (!file || step.kind !== 'preview') return;
    modal.confirm({
      title: t('bulkMdr.confirmTitle'),
      content: t('bulkMdr.confirm', { count: step.preview.Changes.length }),
      okText: t('bulkMdr.apply'),
      cancelText: t('resource.cancel'),
      onOk: () => send((o) => upload(mdrApply(file, o)), (result) => setStep({ kind: 'applied', result })),
    });
  };

  const chooseAgain = () => {
    setFile(null);
    setStep({ kind: 'idle' });
  };

  const errors = step.kind === 'preview' ? step.preview.Errors : step.kind === 'refused' ? step.errors : [];
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('nav.bulk-update-mdr')}
      </Typography.Title>
      <Card size="small">
        {step.kind === 'applied' ? (
          <Result
            status="success"
            title={t('bulkMdr.applied')}
            extra={
              <Button type="primary" onClick={chooseAgain}>
                {t('bulkMdr.another')}
              </Button>
            }
          >
            <Descriptions
              size="small"
              column={1}
              bordered
              items={(['Applied', 'Inserted', 'Updated', 'Unchanged'] as const).map((k) => ({ key: k, label: t(`bulkMdr.result.${k}`), children: step.result[k] }))}
            />
          </Result>
        ) : (
          <Flex vertical gap={12}>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('bulkMdr.hint')}
            </Typography.Paragraph>
            <SheetDropZone
              file={file}
              onChoose={(f) => {
                setFile(f);
                setStep({ kind: 'idle' });
              }}
              onRemove={chooseAgain}
            />
            <Flex gap={8}>
              <Button icon={<EyeOutlined />} disabled={!file} loading={busy && step.kind !== 'preview'} onClick={preview}>
                {t('bulkMdr.preview')}
              </Button>
              <Button
                type="primary"
                icon={<CheckOutlined />}
                disabled={step.kind !== 'preview' || errors.length > 0 || step.preview.Changes.length === 0}
                loading={busy && step.kind === 'preview'}
                onClick={apply}
              >
                {t('bulkMdr.apply')}
              </Button>
            </Flex>
            {step.kind === 'refused' && <Alert type="error" showIcon role="alert" title={step.message} />}
            {step.kind === 'preview' && step.preview.Changes.length === 0 && errors.length === 0 && <Alert type="info" showIcon title={t('bulkMdr.nothing')} />}
            {errors.length > 0 && (
              <>
                {step.kind === 'preview' && <Alert type="error" showIcon role="alert" title={t('bulkMdr.hasErrors', { count: errors.length })} />}
                <RowErrors errors={errors} reportName="bulk-update-mdr-errors.csv" />
              </>
            )}
            {step.kind === 'preview' && step.preview.Changes.length > 0 && (
              <>
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {t('bulkMdr.changesCount', { count: step.preview.Changes.length })}
                </Typography.Title>
                <ChangesTable changes={step.preview.Changes} />
              </>
            )}
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
