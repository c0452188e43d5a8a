/**
 * The "Issue key" dialog of /log-ingest-keys: the OTLP source and a label (what sends with the
 * key). Issuing answers the key once; the screen then shows it (key-shown-dialog.tsx).
 */
import { useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { VALIDATION_MESSAGES } from '@paydesk/domain';
import { messageText } from '../../shared/field-rule.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { useLogIngestKeyIssueMutation, type IssuedKey } from './ingest-keys-api.ts';
import { KEY_SOURCES, type IngestSource } from './sources.ts';
import './texts.ts';

export function IssueKeyDialog({ open, source, onClose, onIssued }: { open: boolean; source?: IngestSource; onClose: () => void; onIssued: (issued: IssuedKey) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ Source: IngestSource; Label: string }>();
  const [busy, setBusy] = useState(false);
  const [issue] = useLogIngestKeyIssueMutation();
  const required = { required: true, message: messageText(VALIDATION_MESSAGES.required) };

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      onIssued(await issue({ Source: v.Source, Label: v.Label.trim() }).unwrap());
    } catch {
      // The client has shown the server's message (§8).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('ingestKeys.issueTitle')}
      okText={t('ingestKeys.issue')}
      cancelText={t('resource.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={focusMainIfLost}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ Source: source }}>
        <Form.Item name="Source" label={t('ingestKeys.source')} rules={[required]}>
          <Select options={KEY_SOURCES.map((s) => ({ value: s, label: t(`ingestKeys.source.${s}`) }))} data-testid="ingest-key-source" />
        </Form.Item>
        <Form.Item name="Label" label={t('ingestKeys.label')} extra={t('ingestKeys.labelHelp')} rules={[{ ...required, whitespace: true }, { max: 100, message: messageText(VALIDATION_MESSAGES.tooLong) }]}>
          <Input maxLength={100} data-testid="ingest-key-label" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
