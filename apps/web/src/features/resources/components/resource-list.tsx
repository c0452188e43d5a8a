/**
 * The list screen of any declared resource: title, filter bar and page/sort in the URL, the
 * server-paged table with columns from the declaration (shown by priority and the user's column
 * choices, shared/column-layout.ts), page numbers with a jump to any page, row actions by
 * permission (edit, activate/deactivate, delete, each confirmed), and New, Export and Bulk upload.
 * The URL state, the request, its states and the column choices are the shared list controller's
 * (shared/list-controller.ts, offset mode: the page number is part of the URL).
 */
import { useCallback, useState } from 'react';
import { App, Button, Card, Flex, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, HistoryOutlined, PlusOutlined, PoweroffOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { kindOf, type FieldDef, type ResourceCommand, type ResourceDef } from '@paydesk/contract';
import { ERROR_CODES, formatDateTime } from '@paydesk/domain';
import type { Verdict } from '../../../api/failure.ts';
import { columnsWidth, layoutColumns, type ColumnPriority } from '../../../shared/column-layout.ts';
import { ExportMenu } from '../../../shared/export-menu.tsx';
import { formatCount } from '../../../shared/format.ts';
import { useListController } from '../../../shared/list-controller.ts';
import { listEmptyText } from '../../../shared/list-empty.tsx';
import { LoadError } from '../../../shared/load-error.tsx';
import { NoteDialog } from '../../../shared/note-dialog.tsx';
import { OffsetPager } from '../../../shared/offset-pager.tsx';
import { useExportFileMutation } from '../../../store/file-api.ts';
import { useAppDispatch } from '../../../store/hooks.ts';
import { useAbilities } from '../abilities.ts';
import { fieldLabel, optionLabel, recordName, resourceTitle } from '../labels.ts';
import { PAGE_SIZES, defaultQuery, parseListQuery, toSearchBody, toSearchParams, type ListQuery } from '../list-query.ts';
import {
  invalidateResource,
  resourceExport,
  useResourceCommandMutation,
  useResourceDeleteMutation,
  useResourceSearchQuery,
  useResourceSetStatusMutation,
  type ResourceItem,
} from '../resource-api.ts';
import type { ResourceOverride } from '../overrides/types.ts';
import { BulkUploadDialog } from './bulk-upload-dialog.tsx';
import { ColumnChooser } from '../../../shared/column-chooser.tsx';
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog.tsx';
import { FieldCell } from './field-cell.tsx';
import { ResourceFilterBar } from './resource-filter-bar.tsx';
import { ResourceForm, type FormTarget } from './resource-form.tsx';
import { ResourceHistory } from './resource-history.tsx';
import { RowActionLinks, type RowAction } from '../../../shared/row-actions.tsx';
import { CardList } from '../../../shared/card-list.tsx';
import { SortPicker } from '../../../shared/sort-picker.tsx';
import { useNarrow } from '../../../shared/use-narrow.ts';

type Column = NonNullable<TableProps<ResourceItem>['columns']>[number] & { key: string; title: string; priority: ColumnPriority };

/**
 * A field column's priority: declared, else key (1) for the record's name, money and rates — the
 * columns an operator reads first — and normal (2) for the rest.
 */
export function fieldPriority(def: ResourceDef, name: string): ColumnPriority {
  const f = def.fields[name];
  if (f?.priority) return f.priority;
  return name === def.titleField || (f && kindOf(f).keyColumn) ? 1 : 2;
}

/** A field column's width in px by its kind (contract kinds/): enough for its usual value; longer text ends in "…". */
export function fieldWidth(f: FieldDef): number {
  return kindOf(f).column(f).width;
}

/** The actions column: its buttons wrap onto a second line rather than widen it. */
const ACTIONS_WIDTH = 180;

/** Whether a list query narrows the list (a filter, the keyword or the status is set). */
export const isFiltered = (q: ListQuery) => Object.keys(q.filters).length > 0 || q.keyword !== undefined || q.active !== undefined;

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
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const can = useAbilities(def);
  const refresh = () => dispatch(invalidateResource(def));
  const [setStatus] = useResourceSetStatusMutation();
  const [remove] = useResourceDeleteMutation();
  const [runCommand] = useResourceCommandMutation();
  const [exportFile] = useExportFileMutation();
  const list = useListController({
    screen: def.path,
    parse: useCallback((params: URLSearchParams) => parseListQuery(def, params), [def]),
    serialize: useCallback((q: ListQuery) => toSearchParams(def, q), [def]),
    isFiltered,
    mode: 'offset',
    request: (q: ListQuery) => ({ name: def.name, body: toSearchBody(q) }),
    useQuery: useResourceSearchQuery,
    refresh,
  });
  const { query, result, apply } = list;
  const { prefs, width, setPrefs, tableBox, room } = list.columns;
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [uploading, setUploading] = useState(false);
  /** The record whose history is open (a lifecycle resource), and the command waiting for its reason. */
  const [history, setHistory] = useState<ResourceItem | null>(null);
  const [noting, setNoting] = useState<{ item: ResourceItem; command: ResourceCommand } | null>(null);
  const title = resourceTitle(t, def);
  const RowActions = override?.RowActions;

  const openForm = setFormTarget;

  const askStatus = (item: ResourceItem) => {
    const activate = item.IsActive !== 1;
    const name = recordName(t, def, item);
    setConfirm({
      title: t(activate ? 'resource.activateTitle' : 'resource.deactivateTitle', { name }),
      content: t(activate ? 'resource.confirmActivate' : 'resource.confirmDeactivate', { name }),
      okText: t(activate ? 'resource.activate' : 'resource.deactivate'),
      danger: !activate,
      run: async () => {
        // The mutation asks the list again, refused or not.
        const refused = await refusedMessage((options) => setStatus({ def, item, active: activate, options }).unwrap());
        if (refused === null) void message.success(t(activate ? 'resource.activated' : 'resource.deactivated', { name }));
        return refused;
      },
    });
  };

  const askDelete = (item: ResourceItem) => {
    const name = recordName(t, def, item);
    setConfirm({
      title: t('resource.deleteTitle', { name }),
      content: t('resource.confirmDelete', { name }),
      okText: t('resource.delete'),
      danger: true,
      run: async () => {
        const refused = await refusedMessage((options) => remove({ def, id: item.Id, options }).unwrap());
        if (refused === null) void message.success(t('resource.deleted', { name }));
        return refused;
      },
    });
  };

  /**
   * A declared command on a row: a lifecycle command that needs a reason asks for it first (the
   * note dialog), then it is confirmed when the declaration asks, else run at once.
   */
  const askCommand = (item: ResourceItem, command: ResourceCommand, note?: string) => {
    if (command.note && note === undefined) return setNoting({ item, command });
    const name = recordName(t, def, item);
    const label = t(command.labelKey);
    const field = def.fields[command.field]!;
    const to = optionLabel(t, field.options!.find((o) => String(o.value) === command.to)!);
    const run = async () => {
      const refused = await refusedMessage((options) => runCommand({ def, command, item, note, options }).unwrap());
      if (refused === null) void message.success(t('resource.commandDone', { name, field: fieldLabel(t, command.field, field), to }));
      return refused;
    };
    if (!command.confirm) return void run();
    setConfirm({
      title: t('resource.commandTitle', { command: label, name }),
      content: t('resource.confirmCommand', { name, field: fieldLabel(t, command.field, field), to }),
      okText: label,
      danger: true,
      run,
    });
  };
  const commandsOf = (item: ResourceItem) => (can.update && item.Id !== null ? (def.commands ?? []).filter((c) => c.from.includes(String(item[c.field] ?? ''))) : []);

  const sortOrder = (field: string) => (query.sort === field ? (query.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null);

  const dataColumns: Column[] = [
    ...Object.entries(def.fields)
      .filter(([, f]) => f.list)
      .map(([name, f]): Column => ({
        key: name,
        title: fieldLabel(t, name, f),
        priority: fieldPriority(def, name),
        width: fieldWidth(f),
        sorter: f.sortable === true,
        sortOrder: f.sortable ? sortOrder(name) : undefined,
        align: kindOf(f).column(f).align,
        ellipsis: kindOf(f).column(f).ellipsis,
        render: (_: unknown, item: ResourceItem) => override?.cells?.[name]?.(item) ?? <FieldCell name={name} field={f} value={item[name]} row={item as unknown as Record<string, unknown>} />,
      })),
    ...(def.scope === 'owned' && !def.fields.OrgName ? [{ key: 'OrgName', title: t('resource.organization'), priority: 2, width: 180, dataIndex: 'OrgName', ellipsis: true } satisfies Column] : []),
    // A lifecycle resource shows one status, its state field (listed above): no active switch beside it.
    ...(def.lifecycle ? [] : [{
      key: 'IsActive',
      title: t('resource.status'),
      priority: 1,
      width: 100,
      render: (_: unknown, item: ResourceItem) => override?.cells?.IsActive?.(item) ?? (item.IsActive === 1 ? <Tag color="success">{t('resource.active')}</Tag> : <Tag>{t('resource.inactive')}</Tag>),
    } satisfies Column]),
    {
      key: 'UpdatedAt',
      title: t('resource.updatedAt'),
      // The system date is for audits; on a 1280 px screen the money and status columns come first.
      priority: 3,
      width: 170,
      sorter: true,
      sortOrder: sortOrder('UpdatedAt'),
      render: (_: unknown, item: ResourceItem) => formatDateTime(item.UpdatedAt),
    },
  ];

  const rowActions = can.update || can.setStatus || can.delete || def.lifecycle !== undefined || RowActions !== undefined;
  // Not a fixed column: fixed over a scrolled table it covered the last data column.
  const actionColumn: Column = {
    key: 'actions',
    title: t('resource.actions'),
    priority: 1,
    width: ACTIONS_WIDTH,
    render: (_: unknown, item: ResourceItem) => {
      // A row without a record (an organization not configured, def.listOwners) has only its override's actions.
      const own = item.Id !== null;
      const actions: RowAction[] = [
        ...(can.update && own ? [{ key: 'edit', label: t('resource.edit'), icon: <EditOutlined />, run: () => openForm({ mode: 'update', item }) }] : []),
        ...commandsOf(item).map((c) => ({ key: c.name, label: t(c.labelKey), danger: c.confirm, run: () => askCommand(item, c) })),
        ...(can.setStatus && own ? [{ key: 'status', label: t(item.IsActive === 1 ? 'resource.deactivate' : 'resource.activate'), icon: <PoweroffOutlined />, run: () => askStatus(item) }] : []),
        ...(def.lifecycle && own ? [{ key: 'history', label: t('resource.history'), icon: <HistoryOutlined />, run: () => setHistory(item) }] : []),
        ...(can.delete && own ? [{ key: 'delete', label: t('resource.delete'), icon: <DeleteOutlined />, danger: true, run: () => askDelete(item) }] : []),
      ];
      return (
        <Space size={0} wrap>
          <RowActionLinks actions={actions} moreLabel={t('resource.more')} />
          {RowActions && <RowActions def={def} item={item} onChanged={refresh} />}
        </Space>
      );
    },
  };

  const shownColumns = layoutColumns(dataColumns, prefs, width, room === undefined ? undefined : room - (rowActions ? ACTIONS_WIDTH : 0));
  const columns = [...shownColumns, ...(rowActions ? [actionColumn] : [])];
  const data = list.data;
  const total = data?.TotalRecords ?? 0;
  // A phone shows the rows as cards (the same columns, actions last) and the sort as a picker.
  const narrow = useNarrow();
  const rowKey = (item: ResourceItem) => (item.Id === null ? `org-${String(item.OrgId)}` : item.Id);
  const sortOptions = dataColumns.filter((c) => c.sorter === true).map((c) => ({ value: c.key, label: c.title }));

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <ResourceFilterBar def={def} query={query} onSearch={apply} onReset={() => apply({ ...defaultQuery(def), sort: query.sort, order: query.order, size: query.size })} />
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Text strong data-testid="resource-total">
            {data && t('list.total', { count: total, total: formatCount(total, i18n.language) })}
          </Typography.Text>
          <Space wrap>
            {narrow && <SortPicker options={sortOptions} sort={query.sort} order={query.order} onChange={(sort, order) => apply({ ...query, page: 1, sort, order })} />}
            <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={t('resource.refresh')} />
            <ColumnChooser columns={dataColumns} visible={shownColumns.map((c) => c.key)} prefs={prefs} onChange={setPrefs} />
            {can.export && <ExportMenu onExport={(Format) => exportFile(resourceExport(def, { ...toSearchBody(query), Format })).unwrap()} />}
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
        {list.failed ? (
          <LoadError onRetry={() => void result.refetch()} />
        ) : (
          <div ref={tableBox}>
            {narrow ? (
              <CardList<ResourceItem>
                rows={data?.Items ?? []}
                columns={columns}
                rowKey={rowKey}
                loading={list.loading}
                emptyText={listEmptyText(list.loaded, list.filtered, { filtered: t('resource.empty'), none: t('resource.emptyNone') })}
              />
            ) : (
              <Table<ResourceItem>
                rowKey={rowKey}
                size="small"
                columns={columns}
                dataSource={data?.Items ?? []}
                loading={list.loading}
                // The columns' widths: within the card when they fit; wider (a phone, or columns the
                // user turned on) it scrolls inside the card, not the page.
                scroll={{ x: columnsWidth(columns) }}
                tableLayout="fixed"
                showSorterTooltip={false}
                locale={{ emptyText: listEmptyText(list.loaded, list.filtered, { filtered: t('resource.empty'), none: t('resource.emptyNone') }) }}
                pagination={false}
                onChange={(_pagination, _filters, sorter, extra) => {
                  if (extra.action !== 'sort') return;
                  const s = Array.isArray(sorter) ? sorter[0] : sorter;
                  const base = defaultQuery(def);
                  apply({
                    ...query,
                    page: 1,
                    sort: s?.order ? String(s.columnKey) : base.sort,
                    order: s?.order ? (s.order === 'ascend' ? 'asc' : 'desc') : base.order,
                  });
                }}
              />
            )}
            {data && <OffsetPager page={query.page} size={query.size} sizes={PAGE_SIZES} total={total} onChange={(page, size) => apply({ ...query, page, size })} />}
          </div>
        )}
      </Card>
      {formTarget && (
        <ResourceForm
          def={def}
          target={formTarget}
          override={override}
          onClose={() => setFormTarget(null)}
          onSaved={(saved, mode) => {
            // The save's mutation has asked the list again.
            setFormTarget(null);
            void message.success(t(mode === 'create' ? 'resource.created' : 'resource.saved', { name: recordName(t, def, saved) }));
          }}
        />
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
      {def.lifecycle && <ResourceHistory def={def} item={history} onClose={() => setHistory(null)} />}
      {noting && (
        <NoteDialog
          open
          title={t('resource.commandTitle', { command: t(noting.command.labelKey), name: recordName(t, def, noting.item) })}
          okText={t(noting.command.labelKey)}
          label={t('resource.reason')}
          danger={noting.command.confirm}
          busy={false}
          testId="resource-command-note"
          onSubmit={(text) => {
            const { item, command } = noting;
            setNoting(null);
            askCommand(item, command, text);
          }}
          onCancel={() => setNoting(null)}
        />
      )}
      {can.bulkUpload && <BulkUploadDialog def={def} open={uploading} onClose={() => setUploading(false)} />}
    </Flex>
  );
}
