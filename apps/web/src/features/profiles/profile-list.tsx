/**
 * The list of one profile screen: the caller's subtree at the segment's levels,
 * filtered (profile-filter-bar.tsx), sortable by its columns, paged by offset (the page in the
 * URL, shared/list-controller.ts), with empty, loading and error states. Columns carry priorities
 * (shared/column-layout.ts): on a phone the company name and status come first and the table
 * scrolls inside its card. A row opens the profile (click, Enter or Space) at `{path}/:id`.
 */
import { useCallback } from 'react';
import { Button, Card, Flex, Space, Table, Typography, type TableProps } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@paydesk/domain';
import { columnsWidth, layoutColumns, type ColumnPriority } from '../../shared/column-layout.ts';
import { formatCount } from '../../shared/format.ts';
import type { ListController } from '../../shared/list-controller.ts';
import { listEmptyText } from '../../shared/list-empty.tsx';
import { LoadError } from '../../shared/load-error.tsx';
import { OffsetPager } from '../../shared/offset-pager.tsx';
import { rowOpenProps } from '../../shared/row-open.ts';
import { PROFILE_PAGE_SIZES, DEFAULT_PROFILE_QUERY, type ProfileQuery, type ProfileSortField } from './list-query.ts';
import { OnboardingTag } from './onboarding-tag.tsx';
import type { ProfileRow, ProfileSearchAnswer } from './profile-api.ts';
import { ProfileFilterBar } from './profile-filter-bar.tsx';
import type { SegmentView } from './segments.ts';
import './texts.ts';

type Column = NonNullable<TableProps<ProfileRow>['columns']>[number] & { key: string; priority: ColumnPriority; width: number };

export interface ProfileListProps {
  view: SegmentView;
  title: string;
  list: ListController<ProfileQuery, ProfileSearchAnswer>;
  /** The caller may create a profile here (`{module}:create`). */
  canCreate: boolean;
  onNew: () => void;
  onOpen: (row: ProfileRow) => void;
}

export function ProfileList({ view, title, list, canCreate, onNew, onOpen }: ProfileListProps) {
  const { t, i18n } = useTranslation();
  const { query, apply, data } = list;
  const { prefs, width, tableBox, room } = list.columns;
  const sortOrder = useCallback((key: ProfileSortField) => (query.sort === key ? (query.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null), [query.sort, query.order]);
  const sortable = (key: ProfileSortField) => ({ sorter: true, sortOrder: sortOrder(key) });

  const all: Column[] = [
    { key: 'Name', title: t('profile.col.Name'), priority: 1, width: 220, ellipsis: true, dataIndex: 'Name', ...sortable('Name') },
    { key: 'OnboardingStatus', title: t('profile.col.OnboardingStatus'), priority: 1, width: 150, render: (_, r) => <OnboardingTag status={r.OnboardingStatus} />, ...sortable('OnboardingStatus') },
    { key: 'RegNo', title: t('profile.col.RegNo'), priority: 2, width: 150, render: (_, r) => r.RegNo ?? '-', ...sortable('RegNo') },
    { key: 'Mid', title: t('profile.col.Mid'), priority: 2, width: 150, render: (_, r) => r.Mid ?? '-', ...sortable('Mid') },
    ...(view.kinds.length > 1
      ? [{ key: 'Level', title: t('profile.col.Level'), priority: 2 as const, width: 100, render: (_: unknown, r: ProfileRow) => t(r.Level === 'MERCHANT_BRANCH' ? 'profile.kind.BRANCH' : 'profile.kind.HQ') }]
      : []),
    ...(view.kinds[0]!.parentLevel ? [{ key: 'Parent', title: t('profile.col.Parent'), priority: 2 as const, width: 180, ellipsis: true, render: (_: unknown, r: ProfileRow) => r.ParentName ?? '-' }] : []),
    { key: 'State', title: t('profile.col.State'), priority: 3, width: 140, render: (_, r) => r.State ?? '-', ...sortable('State') },
    { key: 'City', title: t('profile.col.City'), priority: 3, width: 140, render: (_, r) => r.City ?? '-', ...sortable('City') },
    { key: 'UpdatedAt', title: t('profile.col.UpdatedAt'), priority: 3, width: 170, render: (_, r) => formatDateTime(r.UpdatedAt), ...sortable('UpdatedAt') },
  ];
  const columns = layoutColumns(all, prefs, width, room);
  const total = data?.Total ?? 0;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Space wrap>
          <Button icon={<ReloadOutlined />} onClick={list.refresh} aria-label={t('profile.refresh')} />
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onNew} data-testid="profile-new">
              {t('profile.new')}
            </Button>
          )}
        </Space>
      </Flex>
      <ProfileFilterBar view={view} query={query} onApply={apply} />
      <Card size="small">
        <Typography.Text strong data-testid="profile-total" style={{ display: 'block', marginBottom: 12 }}>
          {data && t('list.total', { count: total, total: formatCount(total, i18n.language) })}
        </Typography.Text>
        {list.failed ? (
          <LoadError onRetry={list.refresh} />
        ) : (
          <div ref={tableBox}>
            <Table<ProfileRow>
              rowKey="Id"
              size="small"
              columns={columns}
              dataSource={data?.Rows ?? []}
              loading={list.loading}
              scroll={{ x: columnsWidth(columns) }}
              tableLayout="fixed"
              showSorterTooltip={false}
              pagination={false}
              locale={{ emptyText: listEmptyText(list.loaded, list.filtered, { filtered: t('profile.empty'), none: t('profile.emptyNone') }) }}
              onRow={(r) => rowOpenProps(() => onOpen(r), t('profile.open', { name: r.Name }))}
              onChange={(_p, _f, sorter, extra) => {
                if (extra.action !== 'sort') return;
                const s = Array.isArray(sorter) ? sorter[0] : sorter;
                apply({
                  ...query,
                  page: 1,
                  sort: s?.order ? (String(s.columnKey) as ProfileSortField) : DEFAULT_PROFILE_QUERY.sort,
                  order: s?.order ? (s.order === 'ascend' ? 'asc' : 'desc') : DEFAULT_PROFILE_QUERY.order,
                });
              }}
              data-testid="profile-list"
            />
            {data && <OffsetPager page={query.page} size={query.size} sizes={PROFILE_PAGE_SIZES} total={total} onChange={(page, size) => apply({ ...query, page, size })} />}
          </div>
        )}
      </Card>
    </Flex>
  );
}
