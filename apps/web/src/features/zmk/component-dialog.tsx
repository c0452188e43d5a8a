/**
 * The "Enter component N" dialog of /zmk-config: the component typed from the
 * custodian's slip into a masked field (spaces between groups allowed), and its check value. The
 * form refuses a component of the wrong length for the key's scheme or with other characters than
 * hex digits, and a check value that is not 6 hex digits; the server recomputes the KCV and
 * refuses a mismatch. The typed component lives only in this form, dropped when the dialog closes.
 */
import { useState } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VALIDATION_MESSAGES, ZMK_SCHEME_BYTES, normaliseHex } from '@paydesk/domain';
import { messageText } from '../../shared/field-rule.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { useZmkComponentMutation, type ZmkKey } from './zmk-api.ts';
import './texts.ts';

export interface ComponentDialogProps {
  subject: { key: ZmkKey; seq: 1 | 2 | 3 } | null;
  onClose: () => void;
  onEntered: (key: ZmkKey) => void;
}

export function ComponentDialog({ subject, onClose, onEntered }: ComponentDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ Component: string; Kcv: string }>();
  const [busy, setBusy] = useState(false);
  const [enterComponent] = useZmkComponentMutation();
  const digits = subject ? ZMK_SCHEME_BYTES[subject.key.Scheme] * 2 : 32;

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !subject) return;
    setBusy(true);
    try {
      const next = await enterComponent({ seq: subject.seq, body: { Id: subject.key.Id, Component: normaliseHex(v.Component), Kcv: normaliseHex(v.Kcv) } }).unwrap();
      form.resetFields();
      onEntered(next);
    } catch {
      // The client has shown the server's message (§8), e.g. "Kcv: the check value does not match the component".
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={subject !== null}
      title={subject ? t('zmk.enterTitle', { seq: subject.seq, name: subject.key.Name }) : ''}
      okText={subject ? t('zmk.enter', { seq: subject.seq }) : ''}
      cancelText={t('resource.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => {
        form.resetFields();
        focusMainIfLost();
      }}
    >
      <Typography.Paragraph type="secondary">{t('zmk.enterNote')}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} autoComplete="off">
        <Form.Item
          name="Component"
          label={t('zmk.component', { digits })}
          rules={[
            { required: true, message: messageText(VALIDATION_MESSAGES.required) },
            {
              validator: async (_r, value: string | undefined) => {
                const hex = normaliseHex(value ?? '');
                if (hex !== '' && (!/^[0-9A-F]+$/.test(hex) || hex.length !== digits)) throw new Error(t('zmk.componentLength', { digits, typed: hex.length }));
              },
            },
          ]}
        >
          <Input.Password maxLength={100} autoComplete="off" spellCheck={false} visibilityToggle={false} data-testid="zmk-component" />
        </Form.Item>
        <Form.Item
          name="Kcv"
          label={t('zmk.componentKcv')}
          rules={[
            { required: true, message: messageText(VALIDATION_MESSAGES.required) },
            { validator: async (_r, value: string | undefined) => (value && !/^[0-9A-F]{6}$/.test(normaliseHex(value)) ? Promise.reject(new Error(t('zmk.kcvShape'))) : undefined) },
          ]}
        >
          <Input maxLength={8} autoComplete="off" spellCheck={false} style={{ maxWidth: 160, fontFamily: 'monospace' }} data-testid="zmk-kcv" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
