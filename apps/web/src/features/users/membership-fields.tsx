/**
 * The memberships of the invite and edit forms: one to twenty rows of level ×
 * company × group. The level is a group type the caller may hand out (its own level and below;
 * the platform, with no company, for a SUPERADMIN only); the company comes from the scoped
 * organization picker of that level; the group from the assignable groups of the same type, so a
 * group never lands on a company of another level. The server checks all of it again, and that
 * the caller holds every permission of the group.
 */
import { useEffect, useState } from 'react';
import { Button, Card, Flex, Form, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { GROUP_TYPES, ORG_LEVELS, VALIDATION_MESSAGES, enumLabelKey, type GroupType, type OrgLevel } from '@paydesk/domain';
import { messageText } from '../../shared/field-rule.ts';
import { useOrgSelectionQuery, useUserGroupListQuery } from '../../store/api.ts';
import { MAX_MEMBERSHIPS } from './user-api.ts';
import './texts.ts';

const SEARCH_DELAY_MS = 300;

/** One membership as the form holds it; Level is the form's own (the server reads it from the group). */
export interface MembershipValue {
  Level?: GroupType;
  CompanyId?: number | null;
  GroupId?: number;
  /** The company's name when the row came from the user (edit): the picker may not list it among its first 500. */
  CompanyName?: string;
}

/** The group types a caller of group type `caller` may give: SUPERADMIN all, else its own level and below. */
export function assignableLevels(caller: GroupType | undefined): GroupType[] {
  if (caller === 'SUPERADMIN') return [...GROUP_TYPES];
  const from = caller ? ORG_LEVELS.indexOf(caller) : -1;
  return from < 0 ? [] : ORG_LEVELS.slice(from);
}

/** The request's memberships from the form's rows: the platform (SUPERADMIN) has no company. */
export function membershipsOf(rows: readonly MembershipValue[]): { CompanyId: number | null; GroupId: number }[] {
  return rows.map((r) => ({ CompanyId: r.Level === 'SUPERADMIN' ? null : (r.CompanyId ?? null), GroupId: r.GroupId! }));
}

/** A scoped company picker of one level, which also shows the name of a company already chosen. */
function CompanySelect({ id, level, value, onChange, known }: { id?: string; level: OrgLevel; value?: number | null; onChange?: (v: number | undefined) => void; known?: string }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data = [], isFetching } = useOrgSelectionQuery({ Level: level, Search: search || undefined });
  const options = data.map((o) => ({ value: o.Id, label: o.Name }));
  if (value != null && known && !options.some((o) => o.value === value)) options.unshift({ value, label: known });
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      onClear={() => setTyped('')}
      loading={isFetching}
      placeholder={t('users.company')}
      options={options}
      style={{ width: '100%' }}
    />
  );
}

function MembershipRow({ name, index, levels, onRemove, removable }: { name: number; index: number; levels: GroupType[]; onRemove: () => void; removable: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const { data: groups = [], isFetching } = useUserGroupListQuery();
  const required = [{ required: true, message: messageText(VALIDATION_MESSAGES.required) }];
  const path = (field: keyof MembershipValue) => ['Memberships', name, field];
  const rowOf = (values: { Memberships?: MembershipValue[] }) => values.Memberships?.[name];
  return (
    <Card
      size="small"
      title={t('users.membership', { n: index + 1 })}
      extra={
        removable && (
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('users.removeMembership', { n: index + 1 })} onClick={onRemove} />
        )
      }
      data-testid="user-membership"
    >
      <Form.Item name={[name, 'Level']} label={t('users.level')} rules={required}>
        <Select<GroupType>
          options={levels.map((l) => ({ value: l, label: l === 'SUPERADMIN' ? t('users.platform') : t(enumLabelKey('groupType', l)) }))}
          // A new level empties the company and group chosen for the previous one.
          onChange={() => {
            form.setFieldValue(path('CompanyId'), undefined);
            form.setFieldValue(path('CompanyName'), undefined);
            form.setFieldValue(path('GroupId'), undefined);
          }}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(prev, next) => rowOf(prev)?.Level !== rowOf(next)?.Level || rowOf(prev)?.CompanyName !== rowOf(next)?.CompanyName}>
        {() => {
          const level = form.getFieldValue(path('Level')) as GroupType | undefined;
          const known = form.getFieldValue(path('CompanyName')) as string | undefined;
          const groupOptions = groups.filter((g) => g.GroupType === level && g.IsActive === 1).map((g) => ({ value: g.Id, label: g.Name }));
          return (
            <>
              {level && level !== 'SUPERADMIN' && (
                <Form.Item name={[name, 'CompanyId']} label={t('users.company')} rules={required}>
                  <CompanySelect level={level} known={known} />
                </Form.Item>
              )}
              <Form.Item name={[name, 'GroupId']} label={t('users.group')} rules={required}>
                <Select<number> options={groupOptions} loading={isFetching} disabled={!level} showSearch={{ optionFilterProp: 'label' }} />
              </Form.Item>
            </>
          );
        }}
      </Form.Item>
    </Card>
  );
}

/** The memberships list of a user form: at least one, at most MAX_MEMBERSHIPS. */
export function MembershipFields({ caller }: { caller: GroupType | undefined }) {
  const { t } = useTranslation();
  const levels = assignableLevels(caller);
  return (
    <Form.List
      name="Memberships"
      rules={[
        {
          validator: async (_rule, rows: unknown[] | undefined) => {
            if (!rows || rows.length === 0) throw new Error(t('users.membershipsRequired'));
            if (rows.length > MAX_MEMBERSHIPS) throw new Error(t('users.membershipsMax', { max: MAX_MEMBERSHIPS }));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('users.membershipsHelp')}</Typography.Text>
          {fields.map((field, index) => (
            <MembershipRow key={field.key} name={field.name} index={index} levels={levels} removable={fields.length > 1} onRemove={() => remove(field.name)} />
          ))}
          <Form.ErrorList errors={errors} />
          {fields.length < MAX_MEMBERSHIPS && (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ Level: levels.length === 1 ? levels[0] : undefined })}>
              {t('users.addMembership')}
            </Button>
          )}
        </Flex>
      )}
    </Form.List>
  );
}
