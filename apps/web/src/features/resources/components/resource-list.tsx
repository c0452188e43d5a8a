/**
 * The list screen of any declared resource: title, filter bar and page/sort in the URL, the
 * server-paged table with columns from the declaration (and a column chooser), row actions by
 * permission (edit, activate/deactivate, delete, each confirmed), and New, Export and Bulk upload.
 */
import { useMemo, useState } from 'react';
import { App, Button, Card, Empty, Flex, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, PoweroffOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ResourceDef } from '@paydesk/contract';
import { ERROR_CODES, formatDateTime } from '@paydesk/domain';
import type { Verdict } from '../../../api/failure.ts';
import { ExportMenu } from '../../../shared/export-menu.tsx';
import { LoadError } from '../../../shared/load-error.tsx';
import { useAppDispatch } from '../../../store/hooks.ts';
import { useAbilities } from '../abilities.ts';
import { readHiddenColumns, writeHiddenColumns } from '../column-prefs.ts';
import { fieldLabel, recordName, resourceTitle } from '../labels.ts';
import { PAGE_SIZES, defaultQuery, parseListQuery, toSearchBody, toSearchParams, type ListQuery } from '../list-query.ts';
import { deleteResource, exportResource, invalidateResource, setResourceStatus, useResourceSearchQuery, type ResourceItem } from '../resource-api.ts';
import type { ResourceOverride } from '../overrides/types.ts';
import { BulkUploadDialog } from './bulk-upload-dialog.tsx';
import { ColumnChooser } from './column-chooser.tsx';
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog.tsx';
import { FieldCell } from './field-cell.tsx';
import { ResourceFilterBar } from './resource-filter-bar.tsx';
import { ResourceForm, type FormTarget } from './resource-form.tsx';

type Column = NonNullable<TableProps<ResourceItem>['columns']>[number] & { key: string; title: string };

/** A call whose CF409 answer the caller shows itself: resolves null when done, else the message. */
async function refusedMessage(run: (options: { silent: (v: Verdict) => boolean; onFailure: (v: Verdict) => void }) => Promise<unknown>): Promise<string | null> {
  let verdict: Verdict | null = null;
  const claimed = (v: Verdict) => v.code === ERROR_CODES.CONFLICT;
  try {
    await run({ silent: claimed, onFailure: (v) => (verdict = v) });
    return null;
  } catch {
    const v = verdict as Verdict | null;
    // Other failures had their toast; the prompt closes on them.
    return v && claimed(v) ? v.messages.join(' ') : null;
  }
}

export function ResourceList({ def, override }: { def: ResourceDef; override?: ResourceOverride }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const can = useAbilities(def);
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseListQuery(def, params), [def, params]);
  const result = useResourceSearchQuery({ name: def.name, body: toSearchBody(query) });
  const [hidden, setHidden] = useState(() => readHiddenColumns(def.name));
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [uploading, setUploading] = useState(false);
  const title = resourceTitle(t, def);
  const RowActions = override?.RowActions;

  const refresh = () => dispatch(invalidateResource(def));
  // The same query again (Search without a change) asks the server again.
  const apply = (next: ListQuery) => {
    const search = toSearchParams(def, next);
    if (search.toString() === toSearchParams(def, query).toString()) refresh();
    else setParams(search);
  };
  const openForm = setFormTarget;

  const askStatus = (item: ResourceItem) => {
    const activate = item.IsActive !== 1;
    const name = recordName(def, item);
    setConfirm({
      title: t(activate ? 'resource.activateTitle' : 'resource.deactivateTitle', { name }),
      content: t(activate ? 'resource.confirmActivate' : 'resource.confirmDeactivate', { name }),
      okText: t(activate ? 'resource.activate' : 'resource.deactivate'),
      danger: !activate,
      run: async () => {
        const refused = await refusedMessage((o) => setResourceStatus(def, item, activate, o));
        refresh();
        if (refused === null) void message.success(t(activate ? 'resource.activated' : 'resource.deactivated', { name }));
        return refused;
      },
    });
  };

  const askDelete = (item: ResourceItem) => {
    const name = recordName(def, item);
    setConfirm({
      title: t('resource.deleteTitle', { name }),
      content: t('resource.confirmDelete', { name }),
      okText: t('resource.delete'),
      danger: true,
      run: async () => {
        const refused = await refusedMessage((o) => deleteResource(def, item.Id, o));
        if (refused === null) {
          refresh();
          void message.success(t('resource.deleted', { name }));
        }
        return refused;
      },
    });
  };

  const sortOrder = (field: string) => (query.sort === field ? (query.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null);

  const dataColumns: Column[] = [
    ...Object.entries(def.fields)
      .filter(([, f]) => f.list)
      .map(([name, f]): Column => ({
        key: name,
        title: fieldLabel(t, name, f),
        sorter: f.sortable === true,
        sortOrder: f.sortable ? sortOrder(name) : undefined,
        align: f.input === 'money' || f.input === 'percent' || f.input === 'number' ? 'right' : undefined,
        ellipsis: f.input === 'text' || f.input === 'textarea' || f.input === 'json',
        render: (_: unknown, item: ResourceItem) => override?.cells?.[name]?.(item) ?? <FieldCell name={name} field={f} value={item[name]} />,
      })),
    ...(def.scope === 'owned' ? [{ key: 'OrgName', title: t('resource.organization'), dataIndex: 'OrgName', ellipsis: true } satisfies Column] : []),
    {
      key: 'IsActive',
      title: t('resource.status'),
      width: 110,
      render: (_: unknown, item: ResourceItem) => (item.IsActive === 1 ? <Tag color="success">{t('resource.active')}</Tag> : <Tag>{t('resource.inactive')}</Tag>),
    },
    {
      key: 'UpdatedAt',
      title: t('resource.updatedAt'),
      width: 170,
      sorter: true,
      sortOrder: sortOrder('UpdatedAt'),
      render: (_: unknown, item: ResourceItem) => formatDateTime(item.UpdatedAt),
    },
  ];

  const rowActions = can.update || can.setStatus || can.delete || RowActions !== undefined;
  const actionColumn: Column = {
    key: 'actions',
    title: t('resource.actions'),
    fixed: 'right',
    render: (_: unknown, item: ResourceItem) => (
      <Space size={0} wrap>
        {can.update && (
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => openForm({ mode: 'update', item })}>
            {t('resource.edit')}
          </Button>
        )}
        {can.setStatus && (
          <Button type="link" size="small" icon={<PoweroffOutlined />} onClick={() => askStatus(item)}>
            {t(item.IsActive === 1 ? 'resource.deactivate' : 'resource.activate')}
          </Button>
        )}
        {can.delete && (
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => askDelete(item)}>
            {t('resource.delete')}
          </Button>
        )}
        {RowActions && <RowActions def={def} item={item} onChanged={refresh} />}
      </Space>
    ),
  };

  const columns = [...dataColumns.filter((c) => !hidden.includes(c.key)), ...(rowActions ? [actionColumn] : [])];
  const data = result.currentData ?? (result.isError ? undefined : result.data);

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <ResourceFilterBar def={def} query={query} onSearch={apply} onReset={() => apply({ ...defaultQuery(def), sort: query.sort, order: query.order, size: query.size })} />
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Text strong data-testid="resource-total">
            {t('common.records', { count: data?.TotalRecords ?? 0 })}
          </Typography.Text>
          <Space wrap>
            <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={t('resource.refresh')} />
            <ColumnChooser
              columns={dataColumns.map((c) => ({ key: c.key, title: c.title }))}
              hidden={hidden}
              onChange={(next) => {
                setHidden(next);
                writeHiddenColumns(def.name, next);
              }}
            />
            {can.export && <ExportMenu onExport={(Format) => exportResource(def, { ...toSearchBody(query), Format })} />}
            {can.bulkUpload && (
              <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
                {t('resource.bulkUpload')}
              </Button>
            )}
            {can.create && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm({ mode: 'create' })}>
                {t('resource.new')}
              </Button>
            )}
          </Space>
        </Flex>
        {result.isError && !result.currentData ? (
          <LoadError onRetry={() => void result.refetch()} />
        ) : (
          <Table<ResourceItem>
            rowKey="Id"
            size="small"
            columns={columns}
            dataSource={data?.Items ?? []}
            loading={result.isFetching}
            scroll={{ x: 'max-content' }}
            showSorterTooltip={false}
            locale={{ emptyText: <Empty description={t('resource.empty')} /> }}
            pagination={{
              current: query.page,
              pageSize: query.size,
              total: data?.TotalRecords ?? 0,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showTotal: (total) => t('common.records', { count: total }),
            }}
            onChange={(pagination, _filters, sorter, extra) => {
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              const next: ListQuery = { ...query, page: pagination.current ?? 1, size: pagination.pageSize ?? query.size };
              if (extra.action === 'sort') {
                const base = defaultQuery(def);
                next.page = 1;
                next.sort = s?.order ? String(s.columnKey) : base.sort;
                next.order = s?.order ? (s.order === 'ascend' ? 'asc' : 'desc') : base.order;
              }
              if (next.size !== query.size) next.page = 1;
              apply(next);
            }}
          />
        )}
      </Card>
      {formTarget && (
        <ResourceForm
          def={def}
          target={formTarget}
          override={override}
          onClose={() => setFormTarget(null)}
          onSaved={(saved, mode) => {
            setFormTarget(null);
            refresh();
            void message.success(t(mode === 'create' ? 'resource.created' : 'resource.saved', { name: recordName(def, saved) }));
          }}
        />
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
      {can.bulkUpload && <BulkUploadDialog def={def} open={uploading} onClose={() => setUploading(false)} onApplied={refresh} />}
    </Flex>
  );
}
