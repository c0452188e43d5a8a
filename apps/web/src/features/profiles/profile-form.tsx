/**
 * Create or edit a profile, in a drawer (full width on a phone): for a new
 * profile its kind (the merchant screen: HQ or branch) and parent (scoped picker of the level
 * above; a master merchant has none), then Company, Persons, Bank accounts and Services
 * (form-sections.tsx). Save checks the form's rules, then the whole body with the server's own
 * schema (form-values.ts `bodyIssues`), each problem shown on its field; the server's "Field:
 * message" answers land on their field too. A stale version (CF409 "Version: …") shows the
 * server's message with Reload, which reads the profile again into the form. Closing a changed
 * form asks first. Documents are added on the created profile (they need its id).
 */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Divider, Drawer, Flex, Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, VALIDATION_MESSAGES, type OrgLevel } from '@paydesk/domain';
import type { Verdict } from '../../api/failure.ts';
import { useNarrow } from '../../shared/use-narrow.ts';
import { apiClient } from '../../api/index.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { messageText } from '../../shared/field-rule.ts';
import { OrgPicker } from '../../shared/org-picker.tsx';
import { StaleAlert } from '../../shared/stale-alert.tsx';
import { AccountsFields, CompanyFields, PersonsFields, ServicesFields } from './form-sections.tsx';
import { bodyIssues, createBody, emptyValues, fieldOfAnswer, updateBody, valuesOf, type FieldPath, type ProfileFormValues } from './form-values.ts';
import { useProfileCreateMutation, useProfileUpdateMutation, type ProfileDetail } from './profile-api.ts';
import { routeOf, type SegmentView } from './segments.ts';
import './texts.ts';

export type ProfileFormTarget = { mode: 'create' } | { mode: 'update'; profile: ProfileDetail };

export interface ProfileFormProps {
  view: SegmentView;
  title: string;
  target: ProfileFormTarget;
  onClose: () => void;
  /** Told the saved profile's id (and, after an update, the profile as stored). */
  onSaved: (id: number, mode: 'create' | 'update', stored: ProfileDetail | null) => void;
}

const TOP_FIELDS = new Set(['ParentId', 'Name', 'RegNo', 'RegNoOld', 'CompanyType', 'BusinessCategory', 'Address1', 'Address2', 'Postcode', 'State', 'City', 'Phone', 'Email', 'Website']);

/** Whether the form has a field at `path` (a top field, a person's or account's field, a service field). */
export function isFormField(path: FieldPath): boolean {
  const [head] = path;
  if (path.length === 1) return TOP_FIELDS.has(String(head));
  if (path.length === 2) return head === 'Config';
  return path.length === 3 && (head === 'Persons' || head === 'BankAccounts') && typeof path[1] === 'number';
}

export function ProfileForm({ view, title, target, onClose, onSaved }: ProfileFormProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const narrow = useNarrow();
  const [form] = Form.useForm<ProfileFormValues>();
  const mode = target.mode;
  const [stored, setStored] = useState<ProfileDetail | null>(target.mode === 'update' ? target.profile : null);
  const initial = useMemo(() => (stored ? valuesOf(stored) : emptyValues(view.kinds[0]!.level)), [stored, view]);
  const [busy, setBusy] = useState(false);
  const [createProfile] = useProfileCreateMutation();
  const [updateProfile] = useProfileUpdateMutation();
  const [conflict, setConflict] = useState<string | null>(null);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const level = (Form.useWatch('Level', form) as OrgLevel | undefined) ?? view.kinds[0]!.level;
  const parentLevel = view.kinds.find((k) => k.level === level)?.parentLevel ?? null;

  /** Shows problems on their fields (the rest above the form); focuses the first. */
  const showIssues = (issues: { path: FieldPath; message: string }[]) => {
    const placed = issues.filter((i) => isFormField(i.path));
    form.setFields(placed.map((i) => ({ name: i.path as never, errors: [messageText(i.message)] })));
    setFormErrors(issues.filter((i) => !isFormField(i.path)).map((i) => (i.path.length ? `${i.path.join('.')}: ${messageText(i.message)}` : messageText(i.message))));
    if (placed[0]) form.scrollToField(placed[0].path as never, { focus: true });
  };

  const submit = async () => {
    if (busy) return;
    setConflict(null);
    setFormErrors([]);
    try {
      await form.validateFields();
    } catch (e) {
      const first = (e as { errorFields?: { name: FieldPath }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name as never, { focus: true });
      return;
    }
    const values = form.getFieldsValue(true) as ProfileFormValues;
    if (mode === 'create' && parentLevel && !values.ParentId) {
      showIssues([{ path: ['ParentId'], message: VALIDATION_MESSAGES.required }]);
      return;
    }
    const body = stored ? updateBody(values, stored) : createBody(values);
    const issues = bodyIssues(body, mode);
    if (issues.length) {
      showIssues(issues);
      return;
    }
    setBusy(true);
    let verdict: Verdict | null = null;
    // A refusal naming a field of the form (or the Version: stale) is shown here, not as a toast.
    const claimed = (v: Verdict) => {
      if (v.code !== ERROR_CODES.VALIDATION && v.code !== ERROR_CODES.CONFLICT) return false;
      const named = fieldOfAnswer(v.messages[0]);
      return named !== null && (named.path[0] === 'Version' || isFormField(named.path));
    };
    const options = { silent: claimed, onFailure: (v: Verdict) => (verdict = v) };
    try {
      if (stored) {
        const saved = await updateProfile({ segment: view.segment, body: body as ReturnType<typeof updateBody>, options }).unwrap();
        void message.success(t('profile.saved', { name: saved.Name }));
        onSaved(saved.Id, 'update', saved);
      } else {
        const made = await createProfile({ segment: view.segment, body: body as ReturnType<typeof createBody>, options }).unwrap();
        void message.success(t('profile.created', { name: values.Name ?? '' }));
        onSaved(made.Id, 'create', null);
      }
    } catch {
      const v = verdict as Verdict | null;
      if (v && claimed(v)) {
        const named = fieldOfAnswer(v.messages[0])!;
        if (named.path[0] === 'Version') setConflict(v.messages[0]!);
        else showIssues([named]);
      }
    } finally {
      setBusy(false);
    }
  };

  /** The stored profile again (after a stale update): its values and Version replace the form's. */
  const reload = async () => {
    if (!stored) return;
    try {
      const latest = await apiClient().get(routeOf(view.segment, 'Get'), { params: { Id: stored.Id } });
      setStored(latest);
      form.resetFields();
      form.setFieldsValue(valuesOf(latest));
      setConflict(null);
      setFormErrors([]);
    } catch {
      // The client has shown the error.
    }
  };

  const requestClose = () => {
    if (!form.isFieldsTouched()) {
      onClose();
      return;
    }
    modal.confirm({
      title: t('profile.discardTitle'),
      content: t('profile.discardBody'),
      okText: t('profile.discard'),
      okButtonProps: { danger: true },
      cancelText: t('profile.keepEditing'),
      onOk: onClose,
    });
  };

  const heading = (text: string) => (
    <Divider titlePlacement="start" style={{ marginTop: 8 }}>
      <Typography.Text strong>{text}</Typography.Text>
    </Divider>
  );

  return (
    <Drawer
      open
      title={stored ? t('profile.editTitle', { name: stored.Name }) : t('profile.newTitle', { title })}
      size={narrow ? '100%' : 920}
      onClose={requestClose}
      closable={{ 'aria-label': t('common.close') }}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (!open) focusMainIfLost();
      }}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={requestClose}>{t('profile.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="profile-save">
            {t('profile.save')}
          </Button>
        </Flex>
      }
      data-testid="profile-form"
    >
      <Form<ProfileFormValues> form={form} layout="vertical" initialValues={initial} scrollToFirstError={false}>
        {conflict && <StaleAlert message={conflict} onReload={() => void reload()} />}
        {formErrors.length > 0 && (
          <Alert type="error" showIcon role="alert" title={t('profile.fix')} description={formErrors.join('; ')} style={{ marginBottom: 16 }} data-testid="profile-form-errors" />
        )}
        {mode === 'create' && (view.kinds.length > 1 || parentLevel) && (
          <Flex wrap gap={16}>
            {view.kinds.length > 1 && (
              <Form.Item name="Level" label={t('profile.kindLabel')}>
                <Radio.Group
                  optionType="button"
                  onChange={() => form.setFieldValue('ParentId', undefined)}
                  options={view.kinds.map((k) => ({ value: k.level, label: t(k.level === 'MERCHANT_BRANCH' ? 'profile.kind.BRANCH' : 'profile.kind.HQ') }))}
                />
              </Form.Item>
            )}
            {parentLevel && (
              <Form.Item name="ParentId" label={`${t('profile.parentLabel')} (${t(`enum.groupType.${parentLevel}`)})`} required style={{ minWidth: 260, flex: 1 }}>
                <OrgPicker key={parentLevel} level={parentLevel} />
              </Form.Item>
            )}
          </Flex>
        )}
        {heading(t('profile.tab.company'))}
        <CompanyFields form={form} />
        {heading(t('profile.tab.persons'))}
        <PersonsFields form={form} />
        {heading(t('profile.tab.accounts'))}
        <AccountsFields form={form} />
        {heading(t('profile.tab.services'))}
        <ServicesFields form={form} />
        {mode === 'create' && <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>{t('profile.docsAfterCreate')}</Typography.Paragraph>}
      </Form>
    </Drawer>
  );
}
