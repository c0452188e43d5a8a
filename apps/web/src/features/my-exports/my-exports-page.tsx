/**
 * /my-exports: the signed-in user's own export history (issue 29 Build item 8, as Stripe's and
 * Adyen's dashboards keep one), reached from the header's user menu beside "Change password".
 * Not a side-menu screen: no §2 route names it, it needs no permission (every user sees their own
 * exports, route `exportHistory`, scoped by the session's user on the server), and like the
 * password and two-factor pages it is about the user, not the business.
 *
 * Newest first, offset pages, a status filter; the state is in the URL (shared/list-controller.ts).
 * Each export: when it started (DD-MM-YYYY HH:mm:ss MYT, §9), the screen by its navigation title
 * and the file name, the file type, the status as a tag (a failed one says why), the rows, how long
 * it took, and "Open with these filters": the screen with the filters and sort it was exported
 * with, in that screen's own URL query (`linkOf`, given by the router: app/export-links.ts), shown
 * only while the user may still open that screen. With no export yet, the empty text says how to
 * make one.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EXPORT_RUN_STATUSES, type ExportRunStatus } from '@paydesk/contract';
import { ERROR_CODES, formatDateTime } from '@paydesk/domain';
import { layoutColumns, type ColumnPriority } from '../../shared/column-layout.ts';
import { formatCount } from '../../shared/format.ts';
import { useListController } from '../../shared/list-controller.ts';
import { listEmptyText } from '../../shared/list-empty.tsx';
import { LoadError } from '../../shared/load-error.tsx';
import { OffsetPager } from '../../shared/offset-pager.tsx';
import { usePageTitle, screenName } from '../../shared/page-title.ts';
import { useScrollRegion } from '../../shared/scroll-region.ts';
import { useAppSelector } from '../../store/hooks.ts';
import { selectHeldPermissions } from '../../store/selectors.ts';
import { formatDuration } from './duration.ts';
import { useExportHistory, type ExportRunRow } from './my-exports-api.ts';
import { MY_EXPORTS_PAGE_SIZES, myExportsBody, parseMyExportsQuery, serializeMyExportsQuery, type MyExportsQuery } from './my-exports-query.ts';
import './texts.ts';

/** The screen's path (router.tsx MY_EXPORTS_PATH). */
export const MY_EXPORTS_SCREEN = '/my-exports';

const STATUS_COLORS: Record<ExportRunStatus, string> = { RUNNING: 'processing', COMPLETED: 'success', CANCELLED: 'default', FAILED: 'error' };

/** Where a run reopens (the screen and query) and the permission that screen needs; null: it cannot be reopened. */
export interface RunLink {
  to: string;
  permission: string;
}

/** Resolves a run's link; may load the screen's declaration first (app/export-links.ts `exportRunLink`). */
export type RunLinkOf = (run: ExportRunRow) => Promise<RunLink | null>;

type Column = TableColumnsType<ExportRunRow>[number] & { key: string; priority: ColumnPriority };

/** The links of the rows shown, by run id: undefined while being resolved, null for none. */
function useRunLinks(rows: readonly ExportRunRow[], linkOf: RunLinkOf): ReadonlyMap<string, RunLink | null> {
  const [links, setLinks] = useState<ReadonlyMap<string, RunLink | null>>(new Map());
  // Asked once per run id: a run's screen and filters never change.
  const asked = useRef(new Set<string>());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    for (const run of rows.filter((r) => !asked.current.has(r.Id))) {
      asked.current.add(run.Id);
      const settle = (link: RunLink | null) => mounted.current && setLinks((m) => new Map(m).set(run.Id, link));
      // A screen whose chunk cannot be fetched gets no link rather than a broken one.
      linkOf(run).then(settle, () => settle(null));
    }
  }, [rows, linkOf]);
  return links;
}

/** A run's status tag; a failed one says why (over the row cap, or its error code). */
function StatusCell({ run }: { run: ExportRunRow }) {
  const { t } = useTranslation();
  const tag = <Tag color={STATUS_COLORS[run.Status]}>{t(`myExports.status.${run.Status}`)}</Tag>;
  if (run.Status !== 'FAILED' || !run.ErrorCode) return tag;
  const why = run.ErrorCode === ERROR_CODES.EXPORT_TOO_LARGE ? t('myExports.tooLarge') : t('myExports.failedWith', { code: run.ErrorCode });
  return (
    <Flex vertical gap={2} align="start">
      {tag}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {why}
      </Typography.Text>
    </Flex>
  );
}

/** The screen (see the file comment); `linkOf` resolves each run's "Open with these filters". */
export function MyExportsPage({ linkOf }: { linkOf: RunLinkOf }) {
  const { t, i18n } = useTranslation();
  const held = useAppSelector(selectHeldPermissions);
  usePageTitle(t('myExports.title'));
  const list = useListController({
    screen: MY_EXPORTS_SCREEN,
    parse: parseMyExportsQuery,
    serialize: serializeMyExportsQuery,
    isFiltered: (q: MyExportsQuery) => q.status !== '',
    mode: 'offset',
    request: (q: MyExportsQuery) => myExportsBody(q),
    useQuery: useExportHistory,
  });
  const { query } = list;
  const rows = list.data?.Items ?? [];
  const links = useRunLinks(rows, linkOf);
  const tableBox = useScrollRegion(t('myExports.list'), list.columns.tableBox);
  const screenOf = (run: ExportRunRow) => (run.Screen ? (screenName(run.Screen.Path, t) ?? run.Screen.Name) : run.Target);

  const openCell = (run: ExportRunRow) => {
    const link = links.get(run.Id);
    if (!link) return '-';
    if (!held.has(link.permission)) return <Typography.Text type="secondary">{t('myExports.noAccess')}</Typography.Text>;
    const label = t('myExports.openLabel', { screen: screenOf(run), at: formatDateTime(run.StartedAt) });
    // The name starts with the text it shows (WCAG 2.5.3), then says which export.
    return (
      <Link to={link.to} aria-label={label} data-testid="my-exports-open">
        {t('myExports.open')}
      </Link>
    );
  };

  const columns: Column[] = [
    { key: 'StartedAt', priority: 1, title: t('myExports.col.started'), width: 170, render: (_, r) => formatDateTime(r.StartedAt) },
    {
      key: 'Screen',
      priority: 1,
      title: t('myExports.col.screen'),
      width: 280,
      render: (_, r) => (
        <Flex vertical gap={2}>
          <span>{screenOf(r)}</span>
          {r.FileName && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: r.FileName }}>
              {r.FileName}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { key: 'Format', priority: 2, title: t('myExports.col.format'), width: 90, render: (_, r) => r.Format.toUpperCase() },
    { key: 'Status', priority: 1, title: t('myExports.col.status'), width: 200, render: (_, r) => <StatusCell run={r} /> },
    { key: 'Rows', priority: 2, title: t('myExports.col.rows'), width: 100, align: 'right', render: (_, r) => formatCount(r.Rows, i18n.language) },
    { key: 'Duration', priority: 2, title: t('myExports.col.duration'), width: 120, align: 'right', render: (_, r) => formatDuration(r.DurationMs, t, i18n.language) },
    { key: 'Open', priority: 1, title: t('myExports.col.open'), width: 200, render: (_, r) => openCell(r) },
  ];
  const shown = layoutColumns(columns, list.columns.prefs, list.columns.width, list.columns.room);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 4 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('myExports.title')}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Select<ExportRunStatus | ''>
            aria-label={t('myExports.col.status')}
            value={query.status}
            style={{ minWidth: 180 }}
            options={[{ value: '', label: t('myExports.allStatuses') }, ...EXPORT_RUN_STATUSES.map((s) => ({ value: s, label: t(`myExports.status.${s}`) }))]}
            onChange={(status) => list.apply({ ...query, status, page: 1 })}
            data-testid="my-exports-status"
          />
          <Button icon={<ReloadOutlined />} onClick={list.refresh} aria-label={t('resource.refresh')} />
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary">{t('myExports.intro')}</Typography.Paragraph>
      {list.failed ? (
        <LoadError onRetry={list.refresh} />
      ) : (
        <div ref={tableBox}>
          <Table<ExportRunRow>
            rowKey="Id"
            size="small"
            tableLayout="fixed"
            loading={list.loading}
            dataSource={rows}
            columns={shown}
            pagination={false}
            scroll={{ x: shown.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0) }}
            locale={{ emptyText: listEmptyText(list.loaded, list.filtered, { filtered: t('myExports.noneFiltered'), none: t('myExports.none') }) }}
            data-testid="my-exports-list"
          />
          <OffsetPager page={query.page} size={query.size} sizes={MY_EXPORTS_PAGE_SIZES} total={list.data?.TotalRecords ?? 0} onChange={(page, size) => list.apply({ ...query, page, size })} />
        </div>
      )}
    </>
  );
}
