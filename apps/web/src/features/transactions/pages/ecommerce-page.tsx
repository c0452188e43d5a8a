/**
 * Live transaction → Online → E-commerce: filters in the URL, keyset-paged server list with
 * first / previous / next (a stack of cursors) and jump to date, columns by priority and the
 * user's choice, export, and the detail drawer at `/transaction/ecommerce/:id`.
 */
import { useMemo, useState } from 'react';
import { Button, Card, Flex, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { TransactionListItem } from '@paydesk/contract';
import { apiClient } from '../../../api/index.ts';
import { layoutColumns, useColumnPrefs, useElementWidth } from '../../../shared/column-layout.ts';
import { ExportMenu } from '../../../shared/export-menu.tsx';
import { formatCount } from '../../../shared/format.ts';
import { KeysetPager } from '../../../shared/keyset-pager.tsx';
import { LoadError } from '../../../shared/load-error.tsx';
import { useEcommerceSearchQuery } from '../../../store/api.ts';
import { useHeaderCurrency } from '../../../store/header-currency.ts';
import { useAppSelector } from '../../../store/hooks.ts';
import { selectHeldPermissions } from '../../../store/selectors.ts';
import { DetailDrawer } from '../components/detail-drawer.tsx';
import { FilterBar } from '../components/filter-bar.tsx';
import { ColumnChooser } from '../../resources/components/column-chooser.tsx';
import { TransactionTable, transactionColumns } from '../components/transaction-table.tsx';
import { PAGE_SIZES, hasFilters, jumpToDate, parseTxnQuery, toSearchData, toSearchParams, type PageSize, type TxnQuery } from '../filters.ts';

const BASE_PATH = '/transaction/ecommerce';
const FIRST_PAGE: (string | undefined)[] = [undefined];

export default function EcommercePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const held = useAppSelector(selectHeldPermissions);
  const callerType = useAppSelector((s) => s.auth.profile?.Current.GroupType) ?? 'MERCHANT_BRANCH';

  const query = useMemo(() => parseTxnQuery(params), [params]);
  const queryKey = toSearchParams(query).toString();
  // The header currency governs the list and the export (issue 9: no RM and S$ rows mixed); a new one starts at page 1.
  const currency = useHeaderCurrency();
  const language = useAppSelector((s) => s.ui.language);
  const pagingKey = `${queryKey}|${currency ?? ''}`;

  // Cursors of the pages seen so far; a new query starts again at the first page.
  const [paging, setPaging] = useState<{ key: string; cursors: (string | undefined)[] }>({ key: pagingKey, cursors: FIRST_PAGE });
  const cursors = paging.key === pagingKey ? paging.cursors : FIRST_PAGE;
  const page = cursors.length;

  const request = useMemo(
    () => ({
      ServiceType: 1 as const,
      RowsPerPage: query.size,
      Cursor: cursors[cursors.length - 1],
      SearchData: { ...toSearchData(query), Currency: currency ?? undefined },
      Sort: { Field: query.sort, Order: query.order },
    }),
    [query, cursors, currency],
  );
  const result = useEcommerceSearchQuery(currency ? request : skipToken);
  const data = result.data;

  const apply = (next: TxnQuery) => {
    const search = toSearchParams(next).toString();
    if (search === queryKey && !id) {
      setPaging({ key: pagingKey, cursors: FIRST_PAGE });
      if (page === 1) void result.refetch();
      return;
    }
    navigate({ pathname: BASE_PATH, search });
  };

  const columnPrefs = useColumnPrefs(BASE_PATH);
  const [tableBox, room] = useElementWidth();
  const allColumns = transactionColumns(t);
  const columns = layoutColumns(allColumns, columnPrefs.prefs, columnPrefs.width, room);
  const total = data?.TotalRecords ?? 0;

  const openDetail = (row: TransactionListItem) => navigate({ pathname: `${BASE_PATH}/${row.Id}`, search: location.search });
  const closeDetail = () => navigate({ pathname: BASE_PATH, search: location.search });

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('txn.title')}
      </Typography.Title>
      <FilterBar query={query} callerType={callerType} onSearch={apply} />
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Text strong data-testid="txn-total">
            {data && t('list.total', { count: total, total: formatCount(total, i18n.language) })}
          </Typography.Text>
          <Space wrap>
            <Button icon={<ReloadOutlined />} onClick={() => void result.refetch()} aria-label={t('common.retry')} />
            <ColumnChooser columns={allColumns} visible={columns.map((c) => c.key)} prefs={columnPrefs.prefs} onChange={columnPrefs.setPrefs} />
            {held.has('transaction:export') && (
              <ExportMenu
                onExport={(Format) =>
                  apiClient().postFile('ecommerceExport', {
                    ServiceType: 1,
                    SearchData: { ...toSearchData(query), Currency: currency ?? undefined },
                    Sort: { Field: query.sort, Order: query.order },
                    Format,
                    Language: language,
                  })
                }
              />
            )}
          </Space>
        </Flex>
        {result.isError && !result.currentData ? (
          <LoadError onRetry={() => void result.refetch()} />
        ) : (
          <div ref={tableBox}>
            <TransactionTable
              rows={data?.Items ?? []}
              // Also before the first request (the header currency not known yet): never "No records" then.
              loading={result.isFetching || (result.currentData === undefined && !result.isError)}
              loaded={result.currentData !== undefined}
              filtered={hasFilters(query)}
              columns={columns}
              sort={query.sort}
              order={query.order}
              onSort={(sort, order) => apply({ ...query, sort, order })}
              onOpen={openDetail}
            />
          </div>
        )}
        <KeysetPager
          page={page}
          total={total}
          size={query.size}
          sizes={PAGE_SIZES}
          loading={result.isFetching}
          hasNext={Boolean(data?.NextCursor)}
          onFirst={() => setPaging({ key: pagingKey, cursors: FIRST_PAGE })}
          onPrevious={() => setPaging({ key: pagingKey, cursors: cursors.slice(0, -1) })}
          onNext={() => setPaging({ key: pagingKey, cursors: [...cursors, data?.NextCursor ?? undefined] })}
          onSize={(size) => apply({ ...query, size: size as PageSize })}
          // Only a list in date order has a date to jump to.
          onJumpToDate={query.sort === 'CreatedAt' ? (day) => apply(jumpToDate(query, day)) : undefined}
        />
      </Card>
      <DetailDrawer id={id === undefined ? null : Number(id)} onClose={closeDetail} />
    </Flex>
  );
}
