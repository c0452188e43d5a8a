/**
 * The form of any resource, in a drawer: a control per writable field by its input kind, checked
 * with the resource's own zod create/update schema (the server's, so messages match) before any
 * request; the server's "Field: message" answers land on that field; updates send the Version,
 * and a stale one shows the server's CF409 message with a Reload action. Closing a changed form
 * asks first; Enter submits, Esc closes.
 */
import { useMemo, useRef, useState } from 'react';
import { App, Button, Col, Descriptions, Drawer, Flex, Form, Grid, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { kindOf, type ResourceDef } from '@paydesk/contract';
import { dayjs, ERROR_CODES, type OrgLevel } from '@paydesk/domain';
import type { Verdict } from '../../../api/failure.ts';
import { messageText } from '../../../shared/field-rule.ts';
import { OrgPicker } from '../../../shared/org-picker.tsx';
import { checkBody, differs, fieldOfMessage, toBody, toFormValues, writableFields, type FieldErrors, type FormMode, type FormValues } from '../form-values.ts';
import { fieldLabel, recordName, resourceTitle } from '../labels.ts';
import { getResource, useResourceCreateMutation, useResourceUpdateMutation, type ResourceItem } from '../resource-api.ts';
import { saveReadBack } from '../save-read-back.ts';
import type { ResourceOverride } from '../overrides/types.ts';
import { FieldCell } from './field-cell.tsx';
import { FieldInput } from './field-input.tsx';
import { StaleAlert } from '../../../shared/stale-alert.tsx';

/** `owner`: create the record of this organization (fixed, no picker), e.g. from a row of a list over owners. */
export type FormTarget = { mode: 'create'; owner?: { Id: number; Name: string } } | { mode: 'update'; item: ResourceItem };

interface Props {
  def: ResourceDef;
  target: FormTarget;
  override?: ResourceOverride;
  onClose: () => void;
  onSaved: (item: ResourceItem, mode: FormMode) => void;
}

const DEFAULT_OWNER_LEVEL: OrgLevel = 'MERCHANT_HQ';

const isBlankValue = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export function ResourceForm({ def, target, override, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<FormValues>();
  const mode = target.mode;
  const [item, setItem] = useState<ResourceItem | null>(target.mode === 'update' ? target.item : null);
  const fixedOwner = target.mode === 'create' ? target.owner : undefined;
  const [baseline, setBaseline] = useState<FormValues>(() => ({ ...toFormValues(def, item), ...(fixedOwner ? { OrgId: fixedOwner.Id } : {}) }));
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [create] = useResourceCreateMutation();
  const [update] = useResourceUpdateMutation();
  const [ownerLevel, setOwnerLevel] = useState<OrgLevel>((def.ownerLevels?.[0] as OrgLevel | undefined) ?? DEFAULT_OWNER_LEVEL);
  const errors = useRef<FieldErrors>({});
  const values = (Form.useWatch((v: FormValues) => v, { form, preserve: true }) as FormValues | undefined) ?? baseline;
  // What the controls see: an edited record's owner too (no picker then), for lookups narrowed by it.
  const context = item?.OrgId != null && values.OrgId === undefined ? { ...values, OrgId: item.OrgId } : values;

  const fields = useMemo(() => writableFields(def, mode), [def, mode]);
  const names = useMemo(() => new Set(fields.map(([k]) => k)), [fields]);
  // Shown above the form when editing: what it cannot change (read-only, and written at creation only).
  const readOnly = useMemo(() => Object.entries(def.fields).filter(([, f]) => f.readOnly || f.createOnly), [def]);
  const Aside = override?.FormAside;

  /** Shows `next` as the fields' errors (and clears the fields in `clear` that have none now). */
  const showErrors = (next: FieldErrors, clear: Iterable<string> = []) => {
    const touched = new Set([...clear, ...Object.keys(next)]);
    // One message per field (the first problem found), translated with the limit it names.
    form.setFields([...touched].filter((name) => names.has(name) || name === 'OrgId').map((name) => ({ name, errors: next[name] ? [messageText(next[name])] : [] })));
    errors.current = { ...Object.fromEntries(Object.entries(errors.current).filter(([k]) => !touched.has(k))), ...next };
  };

  const bodyOf = () => toBody(def, form.getFieldsValue(true) as FormValues, mode, item);

  // A field is checked as it is typed in (an out-of-range number or a too-long text is named at
  // once, the typed value kept), and fields in error are checked again as anything changes.
  const onValuesChange = (changed: FormValues) => {
    const watched = [...new Set([...Object.keys(errors.current), ...Object.keys(changed)])];
    if (!watched.length) return;
    const checked = checkBody(def, mode, bodyOf(), item);
    // A required field just emptied is not scolded while typing; submit names it.
    const next = 'errors' in checked ? Object.fromEntries(Object.entries(checked.errors).filter(([k]) => watched.includes(k) && !isBlankRequired(k))) : {};
    showErrors(next, watched);
  };
  const isBlankRequired = (name: string) => !(name in errors.current) && isBlankValue(form.getFieldValue(name));

  const submit = async () => {
    if (busy) return;
    setConflict(null);
    const checked = checkBody(def, mode, bodyOf(), item);
    if ('errors' in checked) {
      showErrors(checked.errors, Object.keys(errors.current));
      const first = fields.find(([k]) => checked.errors[k])?.[0];
      if (first) form.scrollToField(first, { focus: true });
      // A problem the form has no field for (not expected from a declaration) is still said.
      const unplaced = Object.entries(checked.errors).filter(([k]) => !names.has(k) && k !== 'OrgId');
      if (unplaced.length) void message.error(unplaced.map(([k, m]) => `${k}: ${messageText(m)}`).join('; '));
      return;
    }
    showErrors({}, Object.keys(errors.current));
    // A rate: read back what changes and from when, and save only on OK.
    if (def.confirmSave && !(await confirmSave(checked.data as Record<string, unknown>))) return;
    setBusy(true);
    let verdict: Verdict | null = null;
    const claimed = (v: Verdict) => {
      const named = fieldOfMessage(v.messages[0]);
      if (!named || (v.code !== ERROR_CODES.VALIDATION && v.code !== ERROR_CODES.CONFLICT)) return false;
      return named.field === 'Version' || names.has(named.field) || named.field === 'OrgId';
    };
    const options = { silent: claimed, onFailure: (v: Verdict) => (verdict = v) };
    try {
      const saved = await (mode === 'create' ? create : update)({ def, body: checked.data, options }).unwrap();
      setBaseline(toFormValues(def, saved));
      onSaved(saved, mode);
    } catch {
      const v = verdict as Verdict | null;
      if (v && claimed(v)) {
        const named = fieldOfMessage(v.messages[0])!;
        if (named.field === 'Version') setConflict(v.messages[0]!);
        else showErrors({ [named.field]: named.message });
      }
    } finally {
      setBusy(false);
    }
  };

  /** Asks the declaration's confirmSave prompt over the read-back of `body`; answers whether OK was chosen. */
  const confirmSave = (body: Record<string, unknown>) =>
    new Promise<boolean>((resolve) => {
      const cfg = def.confirmSave!;
      const date = body[cfg.dateField] ?? item?.[cfg.dateField];
      const lines = saveReadBack(t, def, mode === 'update' ? (item as Record<string, unknown> | null) : null, body);
      modal.confirm({
        title: t(cfg.labelKey, { date: date ? dayjs(String(date)).format('DD-MM-YYYY') : '-' }),
        content: (
          <ul data-testid="resource-save-readback" style={{ paddingInlineStart: 18, margin: 0 }}>
            {lines.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        ),
        okText: t('resource.save'),
        cancelText: t('resource.keepEditing'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  /** The stored record again (after a stale update): its values and Version replace the form's. */
  const reload = async () => {
    if (!item) return;
    try {
      const latest = await getResource(def, item.Id);
      const next = toFormValues(def, latest);
      setItem(latest);
      setBaseline(next);
      form.resetFields();
      form.setFieldsValue(next);
      errors.current = {};
      setConflict(null);
    } catch {
      // The client has shown the error.
    }
  };

  const requestClose = () => {
    if (!differs(form.getFieldsValue(true) as FormValues, baseline)) {
      onClose();
      return;
    }
    modal.confirm({
      title: t('resource.discardTitle'),
      content: t('resource.discardBody'),
      okText: t('resource.discard'),
      okButtonProps: { danger: true },
      cancelText: t('resource.keepEditing'),
      onOk: onClose,
    });
  };

  // Enter in a one-line input submits (not in pickers, whose Enter chooses an option).
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    const el = e.target as HTMLElement;
    if (el.tagName !== 'INPUT' || el.getAttribute('role') === 'combobox' || el.closest('.ant-picker')) return;
    e.preventDefault();
    void submit();
  };

  const title = mode === 'create' ? t('resource.createTitle', { title: resourceTitle(t, def) }) : t('resource.editTitle', { name: recordName(t, def, item!), title: resourceTitle(t, def) });
  const formBody = (
    <Form<FormValues> form={form} layout="vertical" initialValues={baseline} onValuesChange={onValuesChange}>
      {fixedOwner && <Form.Item label={t('resource.organization')}>{fixedOwner.Name}</Form.Item>}
      {mode === 'create' && def.scope === 'owned' && !fixedOwner && (
        <Form.Item label={t('resource.organization')} required={false}>
          <Flex gap={8}>
            {(def.ownerLevels?.length ?? 0) > 1 && (
              <Select<OrgLevel>
                aria-label={t('resource.organizationLevel')}
                value={ownerLevel}
                onChange={(level) => {
                  setOwnerLevel(level);
                  form.setFieldValue('OrgId', undefined);
                }}
                options={def.ownerLevels!.map((l) => ({ value: l, label: t(`enum.groupType.${l}`, { defaultValue: l }) }))}
                style={{ width: 180 }}
              />
            )}
            <Form.Item name="OrgId" noStyle>
              <OrgPicker level={ownerLevel} />
            </Form.Item>
          </Flex>
        </Form.Item>
      )}
      {fields.map(([name, f]) => {
        const Custom = override?.inputs?.[name];
        return (
          <Form.Item
            key={name}
            name={name}
            label={fieldLabel(t, name, f)}
            required={!f.optional && !f.secret && kindOf(f).requiredMark}
            tooltip={f.helpKey ? t(f.helpKey, { defaultValue: '' }) || undefined : undefined}
          >
            {Custom ? (
              <Custom item={item} values={values} />
            ) : (
              <FieldInput def={def} name={name} field={f} values={context} masked={f.secret ? ((item?.[name] as string | null | undefined) ?? null) : null} />
            )}
          </Form.Item>
        );
      })}
    </Form>
  );

  return (
    <Drawer
      open
      title={title}
      size={screens.md ? (Aside ? 960 : 560) : '100%'}
      onClose={requestClose}
      closable={{ 'aria-label': t('common.close') }}
      destroyOnHidden
      afterOpenChange={(open) => {
        const first = fields[0]?.[0];
        if (open && first) form.focusField(first);
      }}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={requestClose}>{t('resource.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => void submit()}>
            {t('resource.save')}
          </Button>
        </Flex>
      }
    >
      <div onKeyDown={onKeyDown}>
        {conflict && (
          <StaleAlert message={conflict} onReload={() => void reload()} />
        )}
        {item && readOnly.length > 0 && (
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            {readOnly.map(([name, f]) => (
              <Descriptions.Item key={name} label={fieldLabel(t, name, f)}>
                {override?.cells?.[name]?.(item) ?? <FieldCell name={name} field={f} value={item[name]} />}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
        {Aside ? (
          <Row gutter={24}>
            <Col xs={24} lg={13}>
              {formBody}
            </Col>
            <Col xs={24} lg={11}>
              <Aside def={def} values={values} item={item} />
            </Col>
          </Row>
        ) : (
          formBody
        )}
      </div>
    </Drawer>
  );
}
