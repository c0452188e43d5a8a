/**
 * Live transaction → Online → E-commerce: filters in the URL, keyset-paged server list with
 * Next/Previous (a stack of cursors), export, and the detail drawer at `/transaction/ecommerce/:id`.
 */
import { useMemo, useState } from 'react';
import { Button, Card, Flex, Select, Space, Typography } from 'antd';
import { LeftOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { TransactionListItem } from '@paydesk/contract';
import { apiClient } from '../../../api/index.ts';
import { ExportMenu } from '../../../shared/export-menu.tsx';
import { LoadError } from '../../../shared/load-error.tsx';
import { useEcommerceSearchQuery } from '../../../store/api.ts';
import { useAppSelector } from '../../../store/hooks.ts';
import { selectHeldPermissions } from '../../../store/selectors.ts';
import { DetailDrawer } from '../components/detail-drawer.tsx';
import { FilterBar } from '../components/filter-bar.tsx';
import { TransactionTable } from '../components/transaction-table.tsx';
import { PAGE_SIZES, parseTxnQuery, toSearchData, toSearchParams, type PageSize, type TxnQuery } from '../filters.ts';

const BASE_PATH = '/transaction/ecommerce';
const FIRST_PAGE: (string | undefined)[] = [undefined];

export default function EcommercePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const held = useAppSelector(selectHeldPermissions);
  const callerType = useAppSelector((s) => s.auth.profile?.Current.GroupType) ?? 'MERCHANT_BRANCH';

  const query = useMemo(() => parseTxnQuery(params), [params]);
  const queryKey = toSearchParams(query).toString();

  // Cursors of the pages seen so far; a new query starts again at the first page.
  const [paging, setPaging] = useState<{ key: string; cursors: (string | undefined)[] }>({ key: queryKey, cursors: FIRST_PAGE });
  const cursors = paging.key === queryKey ? paging.cursors : FIRST_PAGE;
  const page = cursors.length;

  const request = useMemo(
    () => ({
      ServiceType: 1 as const,
      RowsPerPage: query.size,
      Cursor: cursors[cursors.length - 1],
      SearchData: toSearchData(query),
      Sort: { Field: query.sort, Order: query.order },
    }),
    [query, cursors],
  );
  const result = useEcommerceSearchQuery(request);
  const data = result.data;

  const apply = (next: TxnQuery) => {
    const search = toSearchParams(next).toString();
    if (search === queryKey && !id) {
      setPaging({ key: queryKey, cursors: FIRST_PAGE });
      if (page === 1) void result.refetch();
      return;
    }
    navigate({ pathname: BASE_PATH, search });
  };

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
            {t('common.records', { count: data?.TotalRecords ?? 0 })}
          </Typography.Text>
          <Space wrap>
            <Button icon={<ReloadOutlined />} onClick={() => void result.refetch()} aria-label={t('common.retry')} />
            {held.has('transaction:export') && (
              <ExportMenu
                onExport={(Format) =>
                  apiClient().postFile('ecommerceExport', { ServiceType: 1, SearchData: toSearchData(query), Sort: { Field: query.sort, Order: query.order }, Format })
                }
              />
            )}
          </Space>
        </Flex>
        {result.isError && !result.currentData ? (
          <LoadError onRetry={() => void result.refetch()} />
        ) : (
          <TransactionTable
            rows={data?.Items ?? []}
            loading={result.isFetching}
            sort={query.sort}
            order={query.order}
            onSort={(sort, order) => apply({ ...query, sort, order })}
            onOpen={openDetail}
          />
        )}
        <Flex justify="flex-end" align="center" gap={8} wrap style={{ marginTop: 12 }}>
          <Select<PageSize>
            aria-label={t('common.rowsPerPage')}
            value={query.size}
            options={PAGE_SIZES.map((size) => ({ value: size, label: t('common.pageSize', { size }) }))}
            onChange={(size) => apply({ ...query, size })}
            style={{ width: 120 }}
          />
          <Button icon={<LeftOutlined />} disabled={page === 1 || result.isFetching} onClick={() => setPaging({ key: queryKey, cursors: cursors.slice(0, -1) })}>
            {t('common.previous')}
          </Button>
          <Typography.Text aria-live="polite">{page}</Typography.Text>
          <Button
            disabled={!data?.NextCursor || result.isFetching}
            onClick={() => setPaging({ key: queryKey, cursors: [...cursors, data?.NextCursor ?? undefined] })}
          >
            {t('common.next')} <RightOutlined />
          </Button>
        </Flex>
      </Card>
      <DetailDrawer id={id === undefined ? null : Number(id)} onClose={closeDetail} />
    </Flex>
  );
}
