/**
 * /user-group: the permission editor of a group (permission `usergroup:editpermission`) over the
 * catalogue the server offers for the group's type, grouped by module, with a select-all per
 * module and a search box. Saves the whole set with the group's Version; a stale Version shows the
 * server's CF409 message with a Reload action. Members see the change on their next page load.
 */
import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Checkbox, Drawer, Empty, Flex, Grid, Input, Skeleton, Typography } from 'antd';
import { SafetyOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@paydesk/contract';
import { ERROR_CODES } from '@paydesk/domain';
import { apiClient } from '../../../api/index.ts';
import type { Verdict } from '../../../api/failure.ts';
import { LoadError } from '../../../shared/load-error.tsx';
import { useAppSelector } from '../../../store/hooks.ts';
import { selectHeldPermissions } from '../../../store/selectors.ts';
import { recordName } from '../labels.ts';
import { moduleLabel, permissionLabel } from '../permission-labels.ts';
import type { RowActionProps } from './types.ts';
import { StaleAlert } from '../../../shared/stale-alert.tsx';
import { useSetUserGroupPermissionsMutation } from './user-group-api.ts';

type Answer = ResponseOf<'userGroupPermissions'>;

export const EDIT_PERMISSION = 'usergroup:editpermission';


function ModuleCard({
  module,
  permissions,
  selected,
  onChange,
}: {
  module: string;
  permissions: { permission: string; label: string }[];
  selected: ReadonlySet<string>;
  onChange: (permissions: string[], on: boolean) => void;
}) {
  const { t } = useTranslation();
  const held = permissions.filter((p) => selected.has(p.permission)).length;
  const title = moduleLabel(t, module);
  return (
    <Card
      size="small"
      data-testid={`perm-module-${module}`}
      title={
        <Checkbox
          checked={held === permissions.length}
          indeterminate={held > 0 && held < permissions.length}
          onChange={(e) => onChange(permissions.map((p) => p.permission), e.target.checked)}
          aria-label={t('userGroup.selectModule', { module: title })}
        >
          {title}
        </Checkbox>
      }
      extra={<Typography.Text type="secondary">{t('userGroup.held', { held, total: permissions.length })}</Typography.Text>}
    >
      <Flex vertical gap={4}>
        {permissions.map((p) => (
          <Checkbox key={p.permission} checked={selected.has(p.permission)} onChange={(e) => onChange([p.permission], e.target.checked)}>
            {p.label} <Typography.Text type="secondary" code>{p.permission}</Typography.Text>
          </Checkbox>
        ))}
      </Flex>
    </Card>
  );
}

export function PermissionEditor({ groupId, name, onClose }: { groupId: number; name: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [savePermissions] = useSetUserGroupPermissionsMutation();

  useEffect(() => {
    let live = true;
    apiClient()
      .get('userGroupPermissions', { params: { Id: groupId } })
      .then((a) => {
        if (!live) return;
        setAnswer(a);
        setSelected(new Set(a.Permissions));
        setFailed(false);
        setConflict(null);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [groupId, attempt]);

  const modules = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (answer?.Catalogue ?? [])
      .map((m) => ({
        module: m.Module,
        permissions: m.Permissions.map((p) => ({ permission: p.Permission, label: permissionLabel(t, p.Permission, p.LabelKey, (k) => i18n.exists(k)) })).filter(
          (p) => !needle || p.permission.toLowerCase().includes(needle) || p.label.toLowerCase().includes(needle) || moduleLabel(t, m.Module).toLowerCase().includes(needle),
        ),
      }))
      .filter((m) => m.permissions.length > 0);
  }, [answer, search, t, i18n]);

  const dirty = answer !== null && (answer.Permissions.length !== selected.size || answer.Permissions.some((p) => !selected.has(p)));

  const change = (permissions: string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const p of permissions) {
        if (on) next.add(p);
        else next.delete(p);
      }
      return next;
    });

  const save = async () => {
    if (!answer) return;
    setBusy(true);
    setConflict(null);
    let verdict: Verdict | null = null;
    const stale = (v: Verdict) => v.code === ERROR_CODES.CONFLICT;
    try {
      const saved = await savePermissions({
        body: { Id: answer.GroupId, Version: answer.Version, Permissions: [...selected].sort() },
        options: { silent: stale, onFailure: (v) => (verdict = v) },
      }).unwrap();
      setAnswer(saved);
      setSelected(new Set(saved.Permissions));
      void message.success(t('userGroup.saved', { name }));
      onClose();
    } catch {
      const v = verdict as Verdict | null;
      if (v && stale(v)) setConflict(v.messages.join(' '));
    } finally {
      setBusy(false);
    }
  };

  const requestClose = () => {
    if (!dirty) return onClose();
    modal.confirm({
      title: t('resource.discardTitle'),
      content: t('resource.discardBody'),
      okText: t('resource.discard'),
      okButtonProps: { danger: true },
      cancelText: t('resource.keepEditing'),
      onOk: onClose,
    });
  };

  let body: React.ReactNode;
  if (failed)
    body = (
      <LoadError onRetry={() => setAttempt((n) => n + 1)} />
    );
  else if (!answer) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else
    body = (
      <Flex vertical gap={12}>
        {conflict && (
          <StaleAlert message={conflict} onReload={() => setAttempt((n) => n + 1)} />
        )}
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('userGroup.search')}
            aria-label={t('userGroup.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ maxWidth: 360 }}
          />
          <Typography.Text type="secondary">{t('userGroup.selectedCount', { count: selected.size })}</Typography.Text>
        </Flex>
        {modules.length === 0 ? (
          <Empty description={t('userGroup.noMatch')} />
        ) : (
          modules.map((m) => <ModuleCard key={m.module} module={m.module} permissions={m.permissions} selected={selected} onChange={change} />)
        )}
      </Flex>
    );

  return (
    <Drawer
      open
      title={t('userGroup.permissionsTitle', { name })}
      size={screens.md ? 720 : '100%'}
      onClose={requestClose}
      closable={{ 'aria-label': t('common.close') }}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={requestClose}>{t('resource.cancel')}</Button>
          <Button type="primary" disabled={!answer || !dirty} loading={busy} onClick={() => void save()}>
            {t('resource.save')}
          </Button>
        </Flex>
      }
    >
      {body}
    </Drawer>
  );
}

/** The row action that opens the editor, for users who hold `usergroup:editpermission`. */
export function PermissionsAction({ def, item }: RowActionProps) {
  const { t } = useTranslation();
  const held = useAppSelector(selectHeldPermissions);
  const [open, setOpen] = useState(false);
  if (!held.has(EDIT_PERMISSION)) return null;
  return (
    <>
      <Button type="link" size="small" icon={<SafetyOutlined />} onClick={() => setOpen(true)}>
        {t('userGroup.permissions')}
      </Button>
      {open && <PermissionEditor groupId={item.Id} name={recordName(t, def, item)} onClose={() => setOpen(false)} />}
    </>
  );
}
