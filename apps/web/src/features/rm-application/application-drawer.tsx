/**
 * One Revenue Monster application in a drawer: the form in three sections
 * (company; contact and director; settlement and products), the merchant's documents on file with
 * the required ones missing, and the actions its caller may take now (the server's
 * AllowedActions) and its history (shared/record-events.tsx): save the draft, record it as sent (after a confirmation), record RM's approval
 * (RM's merchant and store ids) or rejection (RM's reason). A new application opens on the
 * prefill of its merchant; every write answers the application, shown at once.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Drawer, Flex, Form, Input, InputNumber, List, Modal, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RmApplicationForm, type RmApplicationForm as FormValues } from '@paydesk/contract';
import { COMPANY_TYPES, ID_TYPES, QR_MODES, RULE_MESSAGES, SERVICE_MODES, WALLET_PROVIDERS, enumLabelKey, formatDateTime } from '@paydesk/domain';
import { CityPicker, StatePicker } from '../../shared/country-pickers.tsx';
import { fieldRule, messageText } from '../../shared/field-rule.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { NoteDialog } from '../../shared/note-dialog.tsx';
import { RecordEvents } from '../../shared/record-events.tsx';
import { useNarrow } from '../../shared/use-narrow.ts';
import { useRmApplicationDecideMutation, useRmApplicationSaveMutation, useRmApplicationSubmitMutation, type RmApplication, type RmPrefill } from './rm-api.ts';
import { schemaRule } from './schema-rule.ts';
import { STATUS_COLORS } from './status-colors.ts';
import './texts.ts';

/** What the drawer shows: a saved application, or the prefill of a new one. */
export type DrawerSubject = { kind: 'saved'; application: RmApplication } | { kind: 'new'; prefill: RmPrefill };

const FIELDS = RmApplicationForm.shape;
const rule = (name: keyof typeof FIELDS, required = true) => schemaRule(FIELDS[name], required);

export interface ApplicationDrawerProps {
  subject: DrawerSubject | null;
  onClose: () => void;
  onChanged: (application: RmApplication) => void;
}

export function ApplicationDrawer({ subject, onClose, onChanged }: ApplicationDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const narrow = useNarrow();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const [saveApplication] = useRmApplicationSaveMutation();
  const [submitApplication] = useRmApplicationSubmitMutation();
  const [decideApplication] = useRmApplicationDecideMutation();
  const [deciding, setDeciding] = useState<'APPROVED' | 'REJECTED' | null>(null);
  const [approveForm] = Form.useForm<{ RmMerchantId: string; RmStoreId?: string }>();
  const state = Form.useWatch('State', form);

  const app = subject?.kind === 'saved' ? subject.application : null;
  const file = subject?.kind === 'saved' ? subject.application : subject?.prefill;
  const allowed = app ? app.AllowedActions : ['SAVE'];
  const editable = allowed.includes('SAVE');

  useEffect(() => {
    if (!subject) return;
    form.resetFields();
    form.setFieldsValue((subject.kind === 'saved' ? subject.application.Form : subject.prefill.Form) as FormValues);
  }, [subject, form]);

  if (!subject || !file) return null;

  // Each write's mutation asks the list again.
  const run = async (call: () => { unwrap: () => Promise<RmApplication> }, done: string) => {
    setBusy(true);
    try {
      const next = await call().unwrap();
      void message.success(t(done));
      onChanged(next);
      return true;
    } catch {
      return false; // the client has shown the server's message (§8)
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const Form = { ...values, ExpectedMonthlyVolume: String(values.ExpectedMonthlyVolume), AverageTicket: String(values.AverageTicket) };
    await run(() => saveApplication({ Id: app?.Id, MerchantId: file.MerchantId, Version: app?.Version, Form }), 'rm.saved');
  };

  const send = () =>
    Modal.confirm({
      title: t('rm.confirmSubmit'),
      content: t('rm.confirmSubmitNote'),
      okText: t('rm.yesSend'),
      cancelText: t('resource.cancel'),
      onOk: () => app && run(() => submitApplication({ Id: app.Id, Version: app.Version }), 'rm.sent'),
    });

  const approve = async () => {
    const v = await approveForm.validateFields().catch(() => null);
    if (!v || !app) return;
    if (await run(() => decideApplication({ Id: app.Id, Version: app.Version, Decision: 'APPROVED', RmMerchantId: v.RmMerchantId, RmStoreId: v.RmStoreId ?? '' }), 'rm.approved')) setDeciding(null);
  };
  const reject = async (reason: string) => {
    if (!app) return;
    if (await run(() => decideApplication({ Id: app.Id, Version: app.Version, Decision: 'REJECTED', Reason: reason }), 'rm.rejected')) setDeciding(null);
  };

  const options = <V extends string>(list: readonly V[], enumName: string) => list.map((v) => ({ value: v, label: t(enumLabelKey(enumName, v)) }));
  const footer = (
    <Flex wrap gap={8} justify="flex-end">
      {allowed.includes('SAVE') && (
        <Button onClick={() => void save()} loading={busy}>
          {t('rm.save')}
        </Button>
      )}
      {allowed.includes('SUBMIT') && (
        <Button type="primary" onClick={send} disabled={busy || file.MissingDocuments.length > 0 || file.OnboardingStatus !== 'VERIFIED'}>
          {t('rm.submit')}
        </Button>
      )}
      {allowed.includes('REJECT') && (
        <Button danger onClick={() => setDeciding('REJECTED')} disabled={busy}>
          {t('rm.reject')}
        </Button>
      )}
      {allowed.includes('APPROVE') && (
        <Button type="primary" onClick={() => setDeciding('APPROVED')} disabled={busy}>
          {t('rm.approve')}
        </Button>
      )}
    </Flex>
  );

  return (
    <Drawer
      open
      width={narrow ? '100%' : 760}
      title={
        <Flex gap={8} align="center" wrap>
          <span>{t('rm.drawerTitle', { merchant: file.MerchantName })}</span>
          {app && <Tag color={STATUS_COLORS[app.Status]}>{t(enumLabelKey('rmApplicationStatus', app.Status))}</Tag>}
        </Flex>
      }
      onClose={onClose}
      afterOpenChange={(open) => !open && focusMainIfLost()}
      footer={footer}
      destroyOnHidden
    >
      {file.OnboardingStatus !== 'VERIFIED' && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('rm.notVerified', { status: t(enumLabelKey('onboardingStatus', file.OnboardingStatus)) })} />}
      {app?.Status === 'REJECTED' && app.Reason && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={`${t('rm.reason')}: ${app.Reason}`} />}
      {app?.SubmittedBy && app.SubmittedAt && <Typography.Paragraph type="secondary">{t('rm.sentBy', { user: app.SubmittedBy, at: formatDateTime(new Date(app.SubmittedAt)) })}</Typography.Paragraph>}
      {app?.DecidedBy && app.DecidedAt && (
        <Typography.Paragraph type="secondary">
          {t('rm.decidedBy', { user: app.DecidedBy, at: formatDateTime(new Date(app.DecidedAt)) })}
          {app.RmMerchantId && ` · ${t('rm.rmMerchantId')}: ${app.RmMerchantId}${app.RmStoreId ? ` · ${t('rm.rmStoreId')}: ${app.RmStoreId}` : ''}`}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" disabled={!editable} requiredMark>
        <Typography.Title level={5}>{t('rm.section.company')}</Typography.Title>
        <Form.Item name="CompanyName" label={t('rm.companyName')} rules={[rule('CompanyName')]}>
          <Input maxLength={250} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="RegNo" label={t('rm.regNo')} rules={[rule('RegNo')]} style={{ flex: '1 1 200px' }}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="CompanyType" label={t('rm.companyType')} rules={[rule('CompanyType')]} style={{ flex: '1 1 200px' }}>
            <Select options={COMPANY_TYPES.map((c) => ({ value: c.Value, label: t(c.labelKey) }))} />
          </Form.Item>
          <Form.Item name="BusinessCategory" label={t('rm.businessCategory')} rules={[rule('BusinessCategory')]} style={{ flex: '1 1 160px' }}>
            <Input maxLength={4} inputMode="numeric" />
          </Form.Item>
        </Flex>
        <Form.Item name="Website" label={t('rm.website')} rules={[fieldRule('url')]}>
          <Input maxLength={250} />
        </Form.Item>
        <Form.Item name="Address1" label={t('rm.address1')} rules={[rule('Address1')]}>
          <Input maxLength={250} />
        </Form.Item>
        <Form.Item name="Address2" label={t('rm.address2')} rules={[rule('Address2', false)]}>
          <Input maxLength={250} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="Postcode" label={t('rm.postcode')} rules={[rule('Postcode')]} style={{ flex: '1 1 120px' }}>
            <Input maxLength={5} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="State" label={t('rm.state')} rules={[rule('State')]} style={{ flex: '1 1 180px' }}>
            <StatePicker onChange={() => form.setFieldValue('City', undefined)} />
          </Form.Item>
          <Form.Item name="City" label={t('rm.city')} rules={[rule('City')]} style={{ flex: '1 1 180px' }}>
            <CityPicker state={state} />
          </Form.Item>
        </Flex>

        <Typography.Title level={5}>{t('rm.section.contact')}</Typography.Title>
        <Flex gap={12} wrap>
          <Form.Item name="ContactName" label={t('rm.contactName')} rules={[rule('ContactName')]} style={{ flex: '1 1 200px' }}>
            <Input maxLength={150} />
          </Form.Item>
          <Form.Item name="ContactPhone" label={t('rm.contactPhone')} rules={[fieldRule('phone', { required: true })]} style={{ flex: '1 1 160px' }}>
            <Input maxLength={30} inputMode="tel" />
          </Form.Item>
          <Form.Item name="ContactEmail" label={t('rm.contactEmail')} rules={[fieldRule('email', { required: true })]} style={{ flex: '1 1 200px' }}>
            <Input maxLength={250} inputMode="email" />
          </Form.Item>
        </Flex>
        <Flex gap={12} wrap>
          <Form.Item name="DirectorName" label={t('rm.directorName')} rules={[rule('DirectorName')]} style={{ flex: '1 1 200px' }}>
            <Input maxLength={150} />
          </Form.Item>
          <Form.Item name="DirectorIdType" label={t('rm.directorIdType')} rules={[rule('DirectorIdType')]} style={{ flex: '1 1 160px' }}>
            <Select options={options(ID_TYPES, 'idType')} />
          </Form.Item>
          <Form.Item name="DirectorIdNo" label={t('rm.directorIdNo')} rules={[rule('DirectorIdNo')]} style={{ flex: '1 1 160px' }}>
            <Input maxLength={30} />
          </Form.Item>
        </Flex>

        <Typography.Title level={5}>{t('rm.section.settlement')}</Typography.Title>
        <Form.Item name="BankAccountId" label={t('rm.bankAccount')} rules={[rule('BankAccountId')]}>
          <Select options={file.BankAccounts.map((a) => ({ value: a.Id, label: `${a.BankName} · ${a.AccountName} · ${a.AccountNo}` }))} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="ExpectedMonthlyVolume" label={t('rm.expectedMonthlyVolume')} rules={[rule('ExpectedMonthlyVolume')]} style={{ flex: '1 1 180px' }}>
            <InputNumber<string> stringMode min="0.01" precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="AverageTicket" label={t('rm.averageTicket')} rules={[rule('AverageTicket')]} style={{ flex: '1 1 180px' }}>
            <InputNumber<string> stringMode min="0.01" precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item name="WalletProducts" label={t('rm.walletProducts')} rules={[rule('WalletProducts')]}>
          <Select mode="multiple" options={options(WALLET_PROVIDERS, 'walletProvider')} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="ServiceMode" label={t('rm.serviceMode')} rules={[rule('ServiceMode')]} style={{ flex: '1 1 160px' }}>
            <Select options={options(SERVICE_MODES, 'serviceMode')} />
          </Form.Item>
          <Form.Item name="QrMode" label={t('rm.qrMode')} rules={[rule('QrMode')]} style={{ flex: '1 1 160px' }}>
            <Select options={options(QR_MODES, 'qrMode')} />
          </Form.Item>
        </Flex>
      </Form>

      <Typography.Title level={5}>{t('rm.section.documents')}</Typography.Title>
      {file.MissingDocuments.length > 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={t('rm.missing', { types: file.MissingDocuments.map((d) => t(enumLabelKey('orgDocumentType', d))).join(', ') })} />
      )}
      <List
        size="small"
        dataSource={file.Documents}
        locale={{ emptyText: t('rm.noDocuments') }}
        renderItem={(d) => (
          <List.Item>
            <span>
              {t(enumLabelKey('orgDocumentType', d.DocType))} · {d.FileName} · {formatDateTime(new Date(d.UploadedAt))}
            </span>
          </List.Item>
        )}
      />
      {app?.Events && (
        <RecordEvents events={app.Events} actionLabel={(a) => t(`rm.event.${a}`)} stateLabel={(s) => t(enumLabelKey('rmApplicationStatus', s))} testId="rm-history" />
      )}

      <Modal
        open={deciding === 'APPROVED'}
        title={t('rm.approveTitle')}
        okText={t('rm.approve')}
        cancelText={t('resource.cancel')}
        okButtonProps={{ loading: busy }}
        onOk={() => void approve()}
        onCancel={() => setDeciding(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('rm.approveNote')}</Typography.Paragraph>
        <Form form={approveForm} layout="vertical" preserve={false}>
          <Form.Item name="RmMerchantId" label={t('rm.rmMerchantId')} rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{1,40}$/, message: messageText(RULE_MESSAGES.rmMerchantId) }]}>
            <Input maxLength={40} data-testid="rm-merchant-id" />
          </Form.Item>
          <Form.Item name="RmStoreId" label={t('rm.rmStoreId')} rules={[{ pattern: /^[A-Za-z0-9_-]{1,40}$/, message: messageText(RULE_MESSAGES.rmMerchantId) }]}>
            <Input maxLength={40} />
          </Form.Item>
        </Form>
      </Modal>
      <NoteDialog
        open={deciding === 'REJECTED'}
        title={t('rm.rejectTitle')}
        okText={t('rm.reject')}
        label={t('rm.reason')}
        danger
        busy={busy}
        testId="rm-reject-reason"
        onSubmit={(reason) => void reject(reason)}
        onCancel={() => setDeciding(null)}
      />
    </Drawer>
  );
}
