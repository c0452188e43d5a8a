/**
 * The firmware upload drawer: Version, compatible models (GetTerminalModel), release
 * notes, an optional vendor checksum and the file. On submit the file is read on this device with
 * its progress shown, its SHA-256 computed (WebCrypto) and compared with the vendor's when given
 * (a mismatch stops here, nothing sent), then sent with that checksum as `Sha256`: the server
 * computes it again while it reads the upload and refuses the file if the two differ, so the
 * image stored is byte for byte the one chosen. The steps show where the upload is (the browser's
 * fetch reports no upload progress, so "Send" is shown running until the answer).
 */
import { useState } from 'react';
import { Alert, Button, Drawer, Flex, Form, Input, Progress, Select, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIELD_MESSAGES, FIRMWARE_MAX_BYTES, FIRMWARE_VERSION_PATTERN, SHA256_PATTERN, VALIDATION_MESSAGES } from '@paydesk/domain';
import { messageText } from '../../shared/field-rule.ts';
import { useNarrow } from '../../shared/use-narrow.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { useTerminalModelsQuery } from '../../store/api.ts';
import { useUpload } from '../../store/file-api.ts';
import { firmwareUpload, readWithProgress, sha256Hex, type Firmware } from './firmware-api.ts';
import './texts.ts';

interface Values {
  Version: string;
  Models: string[];
  ReleaseNotes?: string;
  Sha256?: string;
}

/** 0 choose, 1 reading, 2 hashing, 3 sending, 4 done. */
type Phase = 0 | 1 | 2 | 3 | 4;

export function UploadDrawer({ open, onClose, onUploaded }: { open: boolean; onClose: () => void; onUploaded: (f: Firmware) => void }) {
  const { t } = useTranslation();
  const [sendFile] = useUpload();
  const narrow = useNarrow();
  const [form] = Form.useForm<Values>();
  const models = useTerminalModelsQuery();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>(0);
  const [read, setRead] = useState(0);
  const [localSha, setLocalSha] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const busy = phase > 0 && phase < 4;

  const reset = () => {
    form.resetFields();
    setFile(null);
    setFileError(null);
    setPhase(0);
    setRead(0);
    setLocalSha(null);
    setMismatch(false);
  };

  const submit = async () => {
    const v = await form.validateFields();
    if (!file) return setFileError(t('fw.fileRequired'));
    if (file.size > FIRMWARE_MAX_BYTES) return setFileError(t('fw.fileTooLarge'));
    setMismatch(false);
    let sha: string;
    try {
      setPhase(1);
      const bytes = await readWithProgress(file, setRead);
      setPhase(2);
      sha = await sha256Hex(bytes);
    } catch {
      // Nothing was sent: the file could not be read here (moved, unreadable).
      setPhase(0);
      return setFileError(t('fw.readFailed'));
    }
    try {
      setLocalSha(sha);
      const vendor = v.Sha256?.trim().toLowerCase();
      if (vendor && vendor !== sha) {
        setMismatch(true);
        setPhase(0);
        return;
      }
      setPhase(3);
      const stored = await sendFile(firmwareUpload({ version: v.Version.trim(), models: v.Models, releaseNotes: v.ReleaseNotes?.trim() ?? '', sha256: sha, file }));
      setPhase(4);
      reset();
      onUploaded(stored);
    } catch {
      // The client has shown the server's message (§8); the form stays as typed.
      setPhase(0);
    }
  };

  const percent = phase === 1 ? Math.round(read * 50) : phase === 2 ? 60 : phase === 3 ? 80 : phase === 4 ? 100 : 0;
  return (
    <Drawer
      open={open}
      size={narrow ? '100%' : 560}
      title={t('fw.uploadTitle')}
      onClose={() => {
        if (busy) return;
        reset();
        onClose();
      }}
      afterOpenChange={(o) => !o && focusMainIfLost()}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button
            onClick={() => {
              reset();
              onClose();
            }}
            disabled={busy}
          >
            {t('resource.cancel')}
          </Button>
          <Button type="primary" onClick={() => void submit().catch(() => undefined)} loading={busy} data-testid="fw-upload-submit">
            {t('fw.upload')}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('fw.uploadNote')}</Typography.Paragraph>
      <Form form={form} layout="vertical" disabled={busy} requiredMark>
        <Form.Item
          name="Version"
          label={t('fw.version')}
          rules={[
            { required: true, message: messageText(VALIDATION_MESSAGES.required) },
            { pattern: FIRMWARE_VERSION_PATTERN, message: messageText(FIELD_MESSAGES.invalid) },
          ]}
        >
          <Input maxLength={40} autoComplete="off" placeholder="2.14.0" />
        </Form.Item>
        <Form.Item name="Models" label={t('fw.models')} rules={[{ required: true, message: messageText(VALIDATION_MESSAGES.required) }]}>
          <Select mode="multiple" loading={models.isFetching} options={(models.data ?? []).map((m) => ({ value: m, label: m }))} />
        </Form.Item>
        <Form.Item name="ReleaseNotes" label={t('fw.notes')}>
          <Input.TextArea rows={4} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="Sha256" label={t('fw.declared')} extra={t('fw.declaredHelp')} rules={[{ pattern: SHA256_PATTERN, message: messageText(FIELD_MESSAGES.invalid) }]}>
          <Input maxLength={64} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item label={t('fw.chooseFile')} required validateStatus={fileError ? 'error' : undefined} help={fileError ?? undefined}>
          <input
            type="file"
            aria-label={t('fw.chooseFile')}
            data-testid="fw-file"
            disabled={busy}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setFileError(null);
              setLocalSha(null);
              setMismatch(false);
            }}
          />
          {file && <Typography.Text type="secondary">{t('fw.fileChosen', { name: file.name, size: file.size })}</Typography.Text>}
        </Form.Item>
      </Form>
      {phase > 0 && (
        <>
          <Steps
            size="small"
            orientation={narrow ? 'vertical' : 'horizontal'}
            current={Math.min(phase - 1, 3)}
            items={[{ title: t('fw.step.read') }, { title: t('fw.step.hash') }, { title: t('fw.step.send') }, { title: t('fw.step.done') }]}
          />
          <Progress percent={percent} status={phase === 4 ? 'success' : 'active'} aria-label={t('fw.step.send')} />
        </>
      )}
      {localSha && (
        <Typography.Paragraph copyable={{ text: localSha }} style={{ wordBreak: 'break-all' }}>
          {t('fw.localSha', { sha: localSha })}
        </Typography.Paragraph>
      )}
      {mismatch && <Alert type="error" showIcon title={t('fw.mismatchLocal')} data-testid="fw-mismatch" />}
    </Drawer>
  );
}
