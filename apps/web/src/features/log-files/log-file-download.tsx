/**
 * "Download log file" on an entry of /master-terminal-log-files (issue 30 item 3): shown above the
 * detail of an entry that has a stored file (an UPLOAD entry whose attributes name its SHA-256),
 * to holders of the screen's permission. It saves the file through the `logFileDownload` route
 * (store/file-api.ts `downloadFile`: the secure channel's signed GET, the server's file name);
 * the server checks the scope again and audits the download. The app gives it to the report
 * page (app/detail-actions.ts); the report engine knows nothing of log files.
 */
import { App, Button, Flex, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOG_FILE_SOURCE, LOG_SOURCE_SCREENS } from '@paydesk/domain';
import type { ListReportDef, ReportRow } from '@paydesk/contract';
import type { DetailActionsComponent } from '../../shared/report-actions.ts';
import { useBusyCall } from '../../shared/use-busy-call.ts';
import { useDownloadFileMutation } from '../../store/file-api.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';
import './texts.ts';

/** The stored file an entry's detail names (its attributes as JSON text), or null when it has none. */
export function storedLogFileOf(detail: ReportRow): { fileName: string; byteSize: number | null } | null {
  if (detail.Operation !== 'UPLOAD' || typeof detail.Attributes !== 'string') return null;
  try {
    const a = JSON.parse(detail.Attributes) as Record<string, unknown>;
    if (typeof a.Sha256 !== 'string' || typeof a.FileName !== 'string') return null;
    return { fileName: a.FileName, byteSize: typeof a.ByteSize === 'number' ? a.ByteSize : null };
  } catch {
    return null;
  }
}

function LogFileDownload({ detail }: { def: ListReportDef; detail: ReportRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const held = useAppSelector(selectHeldPermissions);
  const [downloadFile] = useDownloadFileMutation();
  const { busy, run } = useBusyCall();
  const file = storedLogFileOf(detail);
  if (!file || !held.has(LOG_SOURCE_SCREENS[LOG_FILE_SOURCE].permission)) return null;
  const download = () =>
    run(async () => {
      const name = await downloadFile({ name: 'logFileDownload', params: { Id: Number(detail.Id) } }).unwrap();
      void message.success(t('logFile.downloaded', { name }));
    });
  return (
    <Flex wrap gap={8} align="center">
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} data-testid="log-file-download">
        {t('logFile.download')}
      </Button>
      <Typography.Text type="secondary">{file.byteSize === null ? file.fileName : t('logFile.size', { name: file.fileName, size: file.byteSize.toLocaleString() })}</Typography.Text>
    </Flex>
  );
}

/** The download action of `def`'s detail: the master terminal log screen's, null for any other report. */
export function logFileDetailActions(def: ListReportDef): DetailActionsComponent | null {
  return def.source === 'log_entries' && def.where.source === LOG_FILE_SOURCE ? LogFileDownload : null;
}
