/**
 * The new key, shown once (after Issue or Rotate): the key with a copy button and the warning that
 * it is not shown again — the server keeps only its fingerprint. Closing it forgets the key.
 */
import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import type { IngestKeyRow } from './ingest-keys-api.ts';
import './texts.ts';

export function KeyShownDialog({ shown, onClose }: { shown: { key: string; item: IngestKeyRow } | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={shown !== null}
      title={t('ingestKeys.shownTitle')}
      okText={t('ingestKeys.copied')}
      cancelButtonProps={{ style: { display: 'none' } }}
      onOk={onClose}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      afterClose={focusMainIfLost}
    >
      {shown && (
        <>
          <Alert type="warning" showIcon message={t('ingestKeys.shownWarning')} style={{ marginBottom: 12 }} />
          <Typography.Paragraph type="secondary">{t('ingestKeys.shownFor', { source: t(`ingestKeys.source.${shown.item.Source}`), label: shown.item.Label })}</Typography.Paragraph>
          <Typography.Paragraph code copyable={{ text: shown.key }} style={{ wordBreak: 'break-all' }} data-testid="ingest-key-value">
            {shown.key}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
