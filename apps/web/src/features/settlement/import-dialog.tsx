/**
 * Import a provider's settlement file from its settlement report: choose the CSV
 * or XLSX file, send it (multipart, signed, ≤ 10 MB: POST Settlement/Import with the report's
 * provider as FormatKey, `{provider}_TPA` from an acquirer report), then watch the background import — queued, reading (lines read so far),
 * matching, imported with the items per §4 result, or not imported with the failing line, field
 * and reason (nothing was kept), with "Upload again": a failed file is retried by sending the same
 * bytes again (the server imports them as a new file). The same file again answers "imported before" at once. The report
 * refreshes when the import is done. Polls GET Settlement/File/:Id every second while it runs and
 * stops when the dialog closes.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Modal, Progress, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ListReportDef, ResponseOf } from '@paydesk/contract';
import { apiClient } from '../../api/index.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { formatCount } from '../../shared/format.ts';
import { fileForm, routeUpload, useUpload } from '../../store/file-api.ts';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';
import { invalidateReport } from '../../shared/report-api.ts';
import type { PageActionsComponent } from '../../shared/report-actions.ts';
import { SheetFilePicker } from '../../shared/sheet-file-picker.tsx';
import './texts.ts';

type FileState = ResponseOf<'settlementFile'>;

/** Progress shown per stage (the row total is unknown until the file is read). */
const STAGE_PERCENT: Record<FileState['Status'], number> = { QUEUED: 5, READING: 40, MATCHING: 80, DONE: 100, FAILED: 100 };
const POLL_MS = 1_000;

function ImportDialog({ def, open, onClose }: { def: ListReportDef; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  // An acquirer report imports the acquirer's TPA file (docs/settlement-formats.md keys RM_TPA …).
  const tpa = def.where.kind === 'TPA';
  const formatKey = tpa ? `${String(def.where.provider)}_TPA` : String(def.where.provider);
  const provider = tpa ? `${String(def.where.provider)} TPA` : String(def.where.provider);
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [sending, setSending] = useState(false);
  const [already, setAlready] = useState(false);
  const [state, setState] = useState<FileState | null>(null);
  const [fileId, setFileId] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [upload] = useUpload();

  useEffect(() => {
    if (fileId === null || !open) return;
    let stopped = false;
    const poll = async () => {
      try {
        const s = await apiClient().get('settlementFile', { params: { Id: fileId } });
        if (stopped) return;
        setState(s);
        if (s.Status === 'DONE' || s.Status === 'FAILED') {
          if (s.Status === 'DONE') dispatch(invalidateReport(def));
          return;
        }
      } catch {
        if (stopped) return;
      }
      timer.current = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [fileId, open, def, dispatch]);

  const reset = () => {
    setFile(null);
    setMissing(false);
    setAlready(false);
    setState(null);
    setFileId(null);
  };

  const start = async () => {
    if (!file) {
      setMissing(true);
      return;
    }
    setSending(true);
    try {
      // Invalidates nothing: the file's items reach the report only once its import is DONE (polled
      // above, which asks the report again then).
      const answer = await upload(routeUpload('settlementImport', fileForm(file, { FormatKey: formatKey })));
      setAlready(!answer.Created);
      setFileId(answer.FileId);
    } catch {
      // The client showed the server's message (wrong format, too large …).
    } finally {
      setSending(false);
    }
  };

  const running = state !== null && state.Status !== 'DONE' && state.Status !== 'FAILED';
  return (
    <Modal
      open={open}
      title={t('recon.importTitle', { provider })}
      onCancel={onClose}
      afterClose={() => {
        reset();
        focusMainIfLost();
      }}
      destroyOnHidden
      footer={
        fileId === null ? (
          <Button type="primary" loading={sending} onClick={() => void start()} data-testid="recon-import-start">
            {t('recon.start')}
          </Button>
        ) : (
          <Flex gap={8} justify="end">
            {state?.Status === 'FAILED' && (
              <Button
                onClick={() => {
                  // Back to the choice with the same file kept: Import sends its bytes again.
                  setState(null);
                  setFileId(null);
                  setAlready(false);
                }}
                data-testid="recon-import-again"
              >
                {t('recon.again')}
              </Button>
            )}
            <Button onClick={onClose}>{t('recon.close')}</Button>
          </Flex>
        )
      }
    >
      <Flex vertical gap={12} data-testid="recon-import">
        {fileId === null ? (
          <>
            <SheetFilePicker
              label={t('recon.file')}
              chooseText={t('recon.choose')}
              missingText={t('recon.noFile')}
              file={file}
              missing={missing}
              onChange={(f) => {
                setFile(f);
                setMissing(false);
              }}
              testId="recon-import-choose"
            />
          </>
        ) : (
          <>
            {already && <Alert type="info" showIcon title={t('recon.already')} />}
            <Typography.Text strong data-testid="recon-import-status">
              {state ? t(`recon.status.${state.Status}`) : t('recon.status.QUEUED')}
            </Typography.Text>
            <Progress
              percent={state ? STAGE_PERCENT[state.Status] : STAGE_PERCENT.QUEUED}
              status={state?.Status === 'FAILED' ? 'exception' : running || !state ? 'active' : 'success'}
              aria-label={t('recon.import')}
            />
            {state && <Typography.Text type="secondary">{t('recon.rowsRead', { rows: formatCount(state.RowsRead, i18n.language) })}</Typography.Text>}
            {state?.Status === 'DONE' && <Typography.Text data-testid="recon-import-results">{t('recon.results', state.Results)}</Typography.Text>}
            {state?.Status === 'FAILED' && (
              <Alert type="error" showIcon title={t('recon.failedAt', { line: state.ErrorLine ?? '-', field: state.ErrorField ?? '-', message: state.ErrorMessage ?? '' })} />
            )}
          </>
        )}
      </Flex>
    </Modal>
  );
}

/** The settlement report's "Import settlement file" button and dialog, for holders of `settlementreport:import`. */
function ReconImportButton({ def }: { def: ListReportDef }) {
  const { t } = useTranslation();
  const held = useAppSelector(selectHeldPermissions);
  const [open, setOpen] = useState(false);
  if (!held.has('settlementreport:import')) return null;
  return (
    <>
      <Button type="primary" icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="recon-import-open">
        {t('recon.import')}
      </Button>
      <ImportDialog def={def} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/**
 * The import beside the title of a settlement report (a provider's items or its per-day summary:
 * both name the provider in their `where`), or null for other reports.
 */
export function reconPageActions(def: ListReportDef): PageActionsComponent | null {
  return (def.source === 'recon_items' || def.source === 'recon_settlement_days') && typeof def.where.provider === 'string' ? ReconImportButton : null;
}
