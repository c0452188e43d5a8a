/**
 * The "New key" dialog of /zmk-config: name, purpose, the acquirer the key is
 * shared with (the terminal acquirers), scheme and 2 or 3 components. Creating starts the key
 * ceremony; the key opens in the drawer for its components.
 */
import { useState } from 'react';
import { Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VALIDATION_MESSAGES, ZMK_COMPONENT_COUNTS, ZMK_PURPOSES, ZMK_SCHEMES, enumLabelKey, type ZmkPurpose, type ZmkScheme } from '@paydesk/domain';
import { messageText } from '../../shared/field-rule.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { useAcquirersByServiceTypeQuery } from '../../store/api.ts';
import { useZmkCreateMutation, type ZmkKey } from './zmk-api.ts';
import './texts.ts';

interface Values {
  Name: string;
  Purpose: ZmkPurpose;
  AcquirerId: number;
  Scheme: ZmkScheme;
  ComponentCount: number;
}

export function CreateKeyDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (key: ZmkKey) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [createKey] = useZmkCreateMutation();
  // ServiceType 2 (terminal), every terminal category: the hosts keys are exchanged with.
  const acquirers = useAcquirersByServiceTypeQuery(undefined, { skip: !open });
  const required = { required: true, message: messageText(VALIDATION_MESSAGES.required) };

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      onCreated(await createKey({ ...v, Name: v.Name.trim() }).unwrap());
    } catch {
      // The client has shown the server's message (§8).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('zmk.createTitle')}
      okText={t('zmk.create')}
      cancelText={t('resource.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      afterClose={focusMainIfLost}
    >
      <Typography.Paragraph type="secondary">{t('zmk.createNote')}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ Scheme: 'TDES_2KEY', Purpose: 'ZPK_EXCHANGE', ComponentCount: 2 }}>
        <Form.Item name="Name" label={t('zmk.name')} rules={[{ ...required, whitespace: true }, { max: 100, message: messageText(VALIDATION_MESSAGES.tooLong) }]}>
          <Input maxLength={100} data-testid="zmk-name" />
        </Form.Item>
        <Form.Item name="Purpose" label={t('zmk.purpose')} rules={[required]}>
          <Select options={ZMK_PURPOSES.map((p) => ({ value: p, label: t(enumLabelKey('zmkPurpose', p)) }))} />
        </Form.Item>
        <Form.Item name="AcquirerId" label={t('zmk.acquirer')} rules={[required]} extra={acquirers.isError ? t('zmk.noAcquirers') : undefined}>
          <Select loading={acquirers.isFetching} options={(acquirers.data ?? []).map((a) => ({ value: a.AcquirerId, label: a.AcqName }))} data-testid="zmk-acquirer" />
        </Form.Item>
        <Form.Item name="Scheme" label={t('zmk.scheme')} rules={[required]}>
          <Select options={ZMK_SCHEMES.map((s) => ({ value: s, label: t(enumLabelKey('zmkScheme', s)) }))} />
        </Form.Item>
        <Form.Item name="ComponentCount" label={t('zmk.componentCount')} rules={[required]}>
          <Radio.Group options={ZMK_COMPONENT_COUNTS.map((n) => ({ value: n, label: t('zmk.countN', { count: n }) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
