/**
 * /user-management: the users of the caller's subtree (SUPERADMIN: all), with
 * a keyword (e-mail, name, phone) and a status filter, offset pages, each user's status as a tag,
 * two-factor on or off, the memberships (company × group) the caller may see, the last sign-in,
 * and its actions. "Invite user" for holders of `usermanagement:invite`. The list's state is in the
 * URL (shared/list-controller.ts); key columns first on a phone, where the table scrolls.
 */
import { useState, type ReactNode } from 'react';
import { Button, Card, Flex, Input, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined, SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { enumLabelKey, formatDateTime } from '@paydesk/domain';
import { layoutColumns, type ColumnPriority } from '../../../shared/column-layout.ts';
import { useListController } from '../../../shared/list-controller.ts';
import { listEmptyText } from '../../../shared/list-empty.tsx';
import { LoadError } from '../../../shared/load-error.tsx';
import { OffsetPager } from '../../../shared/offset-pager.tsx';
import { useAppSelector } from '../../../store/hooks.ts';
import { selectHeldPermissions } from '../../../store/selectors.ts';
import { useScrollRegion } from '../../../shared/scroll-region.ts';
import { UserActions } from '../user-actions.tsx';
import { UserForm } from '../user-form.tsx';
import {
  MAX_KEYWORD,
  USER_PAGE_SIZES,
  USER_STATUSES,
  parseUserQuery,
  serializeUserQuery,
  useUserSearchQuery,
  userSearchBody,
  type UserQuery,
  type UserRow,
  type UserStatus,
} from '../user-api.ts';
import { INVITE_PERMISSION } from '../user-permissions.ts';
import '../texts.ts';

const STATUS_COLORS: Record<UserStatus, string> = { INVITED: 'processing', ACTIVE: 'success', LOCKED: 'warning', INACTIVE: 'default' };

const SCREEN = '/user-management';

/** The status tag of a user. */
export function UserStatusTag({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(enumLabelKey('userStatus', status))}</Tag>;
}

type Column = TableColumnsType<UserRow>[number] & { key: string; priority: ColumnPriority };

function Memberships({ user }: { user: UserRow }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2}>
      {user.Memberships.map((m) => (
        <span key={m.MembershipId}>
          {m.CompanyName || t('users.platform')} · <Typography.Text type="secondary">{m.GroupName}</Typography.Text>
        </span>
      ))}
    </Flex>
  );
}

function Filters({ query, onApply }: { query: UserQuery; onApply: (next: UserQuery) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(query.keyword);
  const apply = (patch: Partial<UserQuery>) => onApply({ ...query, keyword: keyword.trim(), ...patch, page: 1 });
  return (
    <Flex wrap gap={8} role="search" aria-label={t('common.search')}>
      <Input.Search
        aria-label={t('users.keyword')}
        placeholder={t('users.keyword')}
        value={keyword}
        maxLength={MAX_KEYWORD}
        allowClear
        enterButton={<SearchOutlined aria-label={t('common.search')} />}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={(v) => apply({ keyword: v.trim() })}
        style={{ width: 320, maxWidth: '100%' }}
        data-testid="users-keyword"
      />
      <Select<UserStatus | ''>
        aria-label={t('users.statusFilter')}
        value={query.status}
        style={{ minWidth: 180 }}
        options={[{ value: '', label: t('users.allStatuses') }, ...USER_STATUSES.map((s) => ({ value: s, label: t(enumLabelKey('userStatus', s)) }))]}
        onChange={(status) => apply({ status })}
        data-testid="users-status"
      />
    </Flex>
  );
}

export default function UserManagementPage() {
  const { t } = useTranslation();
  const held = useAppSelector(selectHeldPermissions);
  const profile = useAppSelector((s) => s.auth.profile);
  const [formTarget, setFormTarget] = useState<'invite' | UserRow | null>(null);
  const list = useListController({
    screen: SCREEN,
    parse: parseUserQuery,
    serialize: serializeUserQuery,
    isFiltered: (q: UserQuery) => q.keyword !== '' || q.status !== '',
    mode: 'offset',
    request: (q: UserQuery) => userSearchBody(q),
    useQuery: useUserSearchQuery,
  });
  const { query } = list;
  const tableBox = useScrollRegion(t('nav.user-management'), list.columns.tableBox);

  // Key columns (who, status, two-factor, memberships, actions) fit a 1280 px screen beside the
  // menu; the nick name and last sign-in give way first, the phone shows from 1600 px.
  const columns: Column[] = [
    { key: 'Email', priority: 1, title: t('users.email'), dataIndex: 'Email', width: 220, ellipsis: true },
    { key: 'Status', priority: 1, title: t('users.status'), width: 110, render: (_, u) => <UserStatusTag status={u.Status} /> },
    { key: 'NickName', priority: 2, title: t('users.nickName'), dataIndex: 'NickName', width: 150, ellipsis: true },
    {
      key: 'Mfa',
      priority: 1,
      title: t('users.mfa'),
      width: 100,
      render: (_, u) => <Tag color={u.MfaEnabled ? 'success' : 'default'}>{u.MfaEnabled ? t('users.mfaOn') : t('users.mfaOff')}</Tag>,
    },
    { key: 'Memberships', priority: 1, title: t('users.memberships'), width: 280, render: (_, u) => <Memberships user={u} /> },
    { key: 'Phone', priority: 3, title: t('users.phone'), width: 140, render: (_, u) => u.Phone || '-' },
    { key: 'LastLogin', priority: 2, title: t('users.lastLogin'), width: 160, render: (_, u) => (u.LastLoginAt ? formatDateTime(u.LastLoginAt) : t('users.never')) },
    {
      key: 'Actions',
      priority: 1,
      title: t('users.actions'),
      width: 190,
      render: (_, u): ReactNode => <UserActions user={u} held={held} self={profile?.UserId} onEdit={setFormTarget} />,
    },
  ];
  const shown = layoutColumns(columns, list.columns.prefs, list.columns.width, list.columns.room);

  return (
    <Card
      title={t('nav.user-management')}
      extra={
        <Flex gap={8} wrap>
          <Button icon={<ReloadOutlined />} onClick={list.refresh} aria-label={t('resource.refresh')} />
          {held.has(INVITE_PERMISSION) && (
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setFormTarget('invite')} data-testid="users-invite">
              {t('users.invite')}
            </Button>
          )}
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Filters key={list.search} query={query} onApply={list.apply} />
        {list.failed ? (
          <LoadError onRetry={list.refresh} />
        ) : (
          <div ref={tableBox}>
            <Table<UserRow>
              rowKey="Id"
              size="small"
              tableLayout="fixed"
              loading={list.loading}
              dataSource={list.data?.Items ?? []}
              columns={shown}
              pagination={false}
              scroll={{ x: shown.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0) }}
              locale={{ emptyText: listEmptyText(list.loaded, list.filtered, { filtered: t('users.noneFiltered'), none: t('users.none') }) }}
              data-testid="users-list"
            />
            <OffsetPager page={query.page} size={query.size} sizes={USER_PAGE_SIZES} total={list.data?.TotalRecords ?? 0} onChange={(page, size) => list.apply({ ...query, page, size })} />
          </div>
        )}
      </Flex>
      <UserForm target={formTarget} caller={profile?.Current.GroupType} onClose={() => setFormTarget(null)} />
    </Card>
  );
}
