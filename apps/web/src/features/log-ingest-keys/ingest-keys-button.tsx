/**
 * The way to /log-ingest-keys: an "Ingest keys" button beside the title of the log screens of the
 * sources with ingest keys (terminal, master devices API, mobile, the receipt uploads over OTLP;
 * the master terminal log files), for holders of
 * `logfiles:ingestkeys`; it opens the keys filtered by that screen's source.
 */
import { Button } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ListReportDef } from '@paydesk/contract';
import type { PageActionsComponent } from '../../shared/report-actions.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';
import { LOG_INGEST_KEYS_PATH } from './paths.ts';
import { LOG_INGEST_KEY_PERMISSION, isIngestSource } from './sources.ts';
import './texts.ts';

function IngestKeysButton({ def }: { def: ListReportDef }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const held = useAppSelector(selectHeldPermissions);
  if (!held.has(LOG_INGEST_KEY_PERMISSION)) return null;
  return (
    <Button icon={<KeyOutlined />} onClick={() => void navigate(`${LOG_INGEST_KEYS_PATH}?source=${String(def.where.source)}`)} data-testid="ingest-keys-open">
      {t('ingestKeys.open')}
    </Button>
  );
}

/** The button for a log screen of a source with ingest keys, or null for any other report. */
export function ingestKeyPageActions(def: ListReportDef): PageActionsComponent | null {
  return def.source === 'log_entries' && isIngestSource(def.where.source) ? IngestKeysButton : null;
}
