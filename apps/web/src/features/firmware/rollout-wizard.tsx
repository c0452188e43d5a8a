/**
 * The rollout wizard, three steps:
 *  1. Terminals: an ACTIVE image, optionally fewer of its models, one merchant (HQ, with its
 *     branches) and/or a list of TIDs;
 *  2. Stages: cumulative percentages (10, 50, 100 by default), the wait between stages, the time
 *     the last stage has to report, a name;
 *  3. Review: the server's Preview of the plan (terminals per stage, those already current, those
 *     held by another rollout — which the server would refuse), then Start with a confirmation.
 * One Idempotency-Key per opening of the wizard: a retried Start is answered with the same rollout.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, List, Modal, Select, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLLOUT_DEFAULT_FINAL_WAIT_HOURS, ROLLOUT_MAX_FINAL_WAIT_HOURS, ROLLOUT_MAX_WAIT_MINUTES, VALIDATION_MESSAGES, validStages } from '@paydesk/domain';
import { useNarrow } from '../../shared/use-narrow.ts';
import { messageText } from '../../shared/field-rule.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { OrgPicker } from '../../shared/org-picker.tsx';
import { WholeNumberInput } from '../../shared/whole-number-input.tsx';
import { useFirmwareSearchQuery, useRolloutCreateMutation, useRolloutPreviewMutation, type Rollout, type RolloutPlan, type RolloutPreview } from './firmware-api.ts';
import './texts.ts';

interface Values {
  FirmwareId?: number;
  Models?: string[];
  MerchantId?: number;
  Tids?: string;
  Stages: string;
  StageWaitMinutes: string;
  FinalWaitHours: string;
  Name: string;
}

/** "10, 50 100" → [10, 50, 100]; null when any part is not a whole number. */
export function parseStages(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (!parts.length || parts.some((p) => !/^\d{1,3}$/.test(p))) return null;
  return parts.map(Number);
}

/** TIDs typed one a line or separated by commas or spaces, each once. */
export const parseTids = (text: string | undefined): string[] => [...new Set((text ?? '').split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean))];

export function RolloutWizard({ open, firmwareId, onClose, onStarted }: { open: boolean; firmwareId?: number; onClose: () => void; onStarted: (r: Rollout) => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const narrow = useNarrow();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [preview, setPreview] = useState<RolloutPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [previewRollout] = useRolloutPreviewMutation();
  const [createRollout] = useRolloutCreateMutation();
  const images = useFirmwareSearchQuery({ PageIndex: 1, RowsPerPage: 100, SearchData: { Keyword: '', Status: 'ACTIVE' } }, { skip: !open });
  const chosenId = Form.useWatch('FirmwareId', form);
  const chosen = images.data?.Items.find((f) => f.Id === chosenId);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (firmwareId) form.setFieldValue('FirmwareId', firmwareId);
    setStep(0);
    setPreview(null);
    setKey(crypto.randomUUID());
  }, [open, firmwareId, form]);

  const required = { required: true, message: messageText(VALIDATION_MESSAGES.required) };
  const planOf = (v: Values): RolloutPlan => {
    const tids = parseTids(v.Tids);
    return {
      FirmwareId: v.FirmwareId!,
      ...(v.Models?.length ? { Models: v.Models } : {}),
      ...(v.MerchantId ? { MerchantId: v.MerchantId } : {}),
      ...(tids.length ? { Tids: tids } : {}),
      Stages: parseStages(v.Stages) ?? [100],
      StageWaitMinutes: Number(v.StageWaitMinutes),
      FinalWaitHours: Number(v.FinalWaitHours),
    };
  };

  const next = async () => {
    if (step === 0) {
      await form.validateFields(['FirmwareId', 'Models', 'MerchantId', 'Tids']);
      setStep(1);
      return;
    }
    await form.validateFields();
    setBusy(true);
    try {
      setPreview(await previewRollout(planOf(form.getFieldsValue(true) as Values)).unwrap());
      setStep(2);
    } catch {
      // The client has shown the server's message, naming the field (§8).
    } finally {
      setBusy(false);
    }
  };

  const start = () => {
    const v = form.getFieldsValue(true) as Values;
    modal.confirm({
      title: t('fw.wizard.confirm', { version: chosen?.Version ?? '', count: preview?.Total ?? 0 }),
      okText: t('fw.wizard.start'),
      cancelText: t('resource.cancel'),
      onOk: async () => {
        setBusy(true);
        try {
          onStarted(await createRollout({ body: { ...planOf(v), Name: v.Name.trim() }, key }).unwrap());
        } catch {
          // Shown by the client.
        } finally {
          setBusy(false);
        }
      },
    });
  };

  const canStart = Boolean(preview && preview.Total > 0 && preview.Busy === 0);
  return (
    <Modal
      open={open}
      width={narrow ? '100%' : 720}
      title={t('fw.wizard.title')}
      onCancel={onClose}
      afterOpenChange={(o) => !o && focusMainIfLost()}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8} wrap>
          {step > 0 && (
            <Button onClick={() => setStep(step - 1)} disabled={busy}>
              {t('fw.wizard.back')}
            </Button>
          )}
          {step < 2 ? (
            <Button type="primary" onClick={() => void next().catch(() => undefined)} loading={busy} data-testid="fw-wizard-next">
              {t('fw.wizard.next')}
            </Button>
          ) : (
            <Button type="primary" onClick={start} disabled={!canStart} loading={busy} data-testid="fw-wizard-start">
              {t('fw.wizard.start')}
            </Button>
          )}
        </Flex>
      }
    >
      <Steps size="small" current={step} orientation={narrow ? 'vertical' : 'horizontal'} items={[{ title: t('fw.wizard.targets') }, { title: t('fw.wizard.stages') }, { title: t('fw.wizard.review') }]} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" initialValues={{ Stages: '10, 50, 100', StageWaitMinutes: '60', FinalWaitHours: String(ROLLOUT_DEFAULT_FINAL_WAIT_HOURS) }} preserve>
        <div hidden={step !== 0}>
          <Form.Item name="FirmwareId" label={t('fw.rollout.firmware')} rules={[required]} extra={t('fw.wizard.firmwareHelp')}>
            <Select
              loading={images.isFetching}
              options={(images.data?.Items ?? []).map((f) => ({ value: f.Id, label: `${f.Version} · ${f.Models.join(', ')}` }))}
              onChange={() => form.setFieldValue('Models', [])}
            />
          </Form.Item>
          <Form.Item name="Models" label={t('fw.models')} extra={t('fw.wizard.modelsHelp')}>
            <Select mode="multiple" allowClear options={(chosen?.Models ?? []).map((m) => ({ value: m, label: m }))} />
          </Form.Item>
          <Form.Item name="MerchantId" label={t('fw.wizard.merchant')} extra={t('fw.wizard.merchantHelp')}>
            <OrgPicker level="MERCHANT_HQ" />
          </Form.Item>
          <Form.Item name="Tids" label={t('fw.wizard.tids')} extra={t('fw.wizard.tidsHelp')}>
            <Input.TextArea rows={3} spellCheck={false} />
          </Form.Item>
        </div>
        <div hidden={step !== 1}>
          <Form.Item
            name="Stages"
            label={t('fw.wizard.stagesField')}
            extra={t('fw.wizard.stagesHelp')}
            rules={[required, { validator: async (_, v: string) => (validStages(parseStages(v ?? '') ?? []) ? undefined : Promise.reject(new Error(t('fw.wizard.stagesShape')))) }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="StageWaitMinutes" label={t('fw.wizard.wait')} extra={t('fw.wizard.waitHelp')} rules={[required]}>
            <WholeNumberInput min={0} max={ROLLOUT_MAX_WAIT_MINUTES} />
          </Form.Item>
          <Form.Item name="FinalWaitHours" label={t('fw.wizard.finalWait')} extra={t('fw.wizard.finalWaitHelp')} rules={[required]}>
            <WholeNumberInput min={1} max={ROLLOUT_MAX_FINAL_WAIT_HOURS} />
          </Form.Item>
          <Form.Item name="Name" label={t('fw.wizard.name')} rules={[{ ...required, whitespace: true }, { max: 100, message: messageText(VALIDATION_MESSAGES.tooLong) }]}>
            <Input maxLength={100} />
          </Form.Item>
        </div>
      </Form>
      {step === 2 && preview && (
        <Flex vertical gap={8} data-testid="fw-preview">
          {preview.Total > 0 ? <Typography.Text strong>{t('fw.wizard.total', { count: preview.Total, version: chosen?.Version ?? '' })}</Typography.Text> : <Alert type="warning" showIcon title={t('fw.wizard.empty')} />}
          {preview.Total > 0 && (
            <List size="small" bordered dataSource={preview.StageCounts.map((count, i) => ({ count, stage: i + 1 }))} renderItem={(s) => <List.Item>{t('fw.wizard.stageCount', s)}</List.Item>} />
          )}
          {preview.AlreadyCurrent > 0 && <Typography.Text type="secondary">{t('fw.wizard.current', { count: preview.AlreadyCurrent })}</Typography.Text>}
          {preview.Busy > 0 && <Alert type="error" showIcon title={t('fw.wizard.busy', { count: preview.Busy, tids: preview.BusyTids.join(', ') })} />}
        </Flex>
      )}
    </Modal>
  );
}
