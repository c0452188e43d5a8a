/**
 * One firmware image in a drawer: version, compatible models, size, SHA-256 (copyable,
 * to compare with the vendor's), release notes, who uploaded and retired it; the caller's actions
 * (the server's AllowedActions): download, roll out (opens the wizard with this image), retire
 * (with a reason and a confirmation).
 */
import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@paydesk/domain';
import { useNarrow } from '../../shared/use-narrow.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { NoteDialog } from '../../shared/note-dialog.tsx';
import { useDownloadFileMutation } from '../../store/file-api.ts';
import { firmwareDownload, useFirmwareRetireMutation, type Firmware } from './firmware-api.ts';
import { FIRMWARE_COLORS } from './status-colors.ts';
import './texts.ts';

const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '-');

export function FirmwareDrawer({ firmware, onClose, onChanged, onRollout }: { firmware: Firmware | null; onClose: () => void; onChanged: (f: Firmware) => void; onRollout: (f: Firmware) => void }) {
  const { t } = useTranslation();
  const [downloadFile] = useDownloadFileMutation();
  const { message, modal } = App.useApp();
  const [retireImage] = useFirmwareRetireMutation();
  const narrow = useNarrow();
  const [retiring, setRetiring] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!firmware) return null;
  const f = firmware;

  const retire = (reason: string) =>
    modal.confirm({
      title: t('fw.retireTitle', { version: f.Version }),
      content: t('fw.retireNote'),
      okText: t('fw.confirmYes'),
      okButtonProps: { danger: true },
      cancelText: t('resource.cancel'),
      onOk: async () => {
        setBusy(true);
        try {
          const next = await retireImage({ Id: f.Id, Reason: reason }).unwrap();
          setRetiring(false);
          void message.success(t('fw.retired'));
          onChanged(next);
        } catch {
          // The client has shown the server's message (§8).
        } finally {
          setBusy(false);
        }
      },
    });

  const download = async () => {
    try {
      const name = await downloadFile(firmwareDownload(f.Id)).unwrap();
      void message.success(t('fw.downloaded', { name }));
    } catch {
      // Shown by the client.
    }
  };

  const footer = (
    <Flex wrap gap={8} justify="flex-end">
      {f.AllowedActions.includes('RETIRE') && (
        <Button danger onClick={() => setRetiring(true)} disabled={busy}>
          {t('fw.retire')}
        </Button>
      )}
      {f.AllowedActions.includes('DOWNLOAD') && <Button onClick={() => void download()}>{t('fw.download')}</Button>}
      {f.AllowedActions.includes('ROLLOUT') && (
        <Button type="primary" onClick={() => onRollout(f)}>
          {t('fw.rollout')}
        </Button>
      )}
    </Flex>
  );

  return (
    <Drawer
      open
      size={narrow ? '100%' : 640}
      title={
        <Flex gap={8} align="center" wrap>
          <span>{t('fw.drawerTitle', { version: f.Version })}</span>
          <Tag color={FIRMWARE_COLORS[f.Status]}>{t(`fw.status.${f.Status}`)}</Tag>
        </Flex>
      }
      onClose={onClose}
      afterOpenChange={(open) => !open && focusMainIfLost()}
      footer={f.AllowedActions.length ? footer : undefined}
      destroyOnHidden
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('fw.models')}>
          <Flex wrap gap={4}>
            {f.Models.map((m) => (
              <Tag key={m}>{m}</Tag>
            ))}
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('fw.file')}>{f.FileName}</Descriptions.Item>
        <Descriptions.Item label={t('fw.size')}>{t('fw.bytes', { size: f.SizeBytes.toLocaleString() })}</Descriptions.Item>
        <Descriptions.Item label={t('fw.sha256')}>
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="fw-sha256">
            {f.Sha256}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('fw.uploaded')}>{t('fw.byAt', { user: f.UploadedBy, at: when(f.UploadedAt) })}</Descriptions.Item>
        {f.RetiredAt && <Descriptions.Item label={t('fw.retiredAt')}>{t('fw.byAt', { user: f.RetiredBy ?? '-', at: when(f.RetiredAt) })} · {f.RetireReason}</Descriptions.Item>}
        <Descriptions.Item label={t('fw.activeRollouts')}>{f.ActiveRollouts}</Descriptions.Item>
      </Descriptions>
      {f.ReleaseNotes && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('fw.notes')}
          </Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{f.ReleaseNotes}</Typography.Paragraph>
        </>
      )}
      <NoteDialog
        open={retiring}
        title={t('fw.retire')}
        okText={t('fw.retire')}
        label={t('fw.reason')}
        danger
        busy={busy}
        testId="fw-retire-reason"
        onSubmit={(reason) => retire(reason)}
        onCancel={() => setRetiring(false)}
      />
    </Drawer>
  );
}
