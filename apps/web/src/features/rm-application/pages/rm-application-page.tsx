/**
 * /rm-application: the merchants' Revenue Monster applications, newest change
 * first, filtered by status and a keyword (merchant name or SSM number), sortable, paged; a row
 * opens the application in a drawer. "New application" (holders of tpaapplication:rmedit) asks
 * for the merchant HQ and opens the form prefilled from its profile.
 */
import { useState } from 'react';
import { Form, Modal, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { RM_APPLICATION_STATUSES, enumLabelKey, formatDateTime, type RmApplicationStatus } from '@paydesk/domain';
import { ListHeader } from '../../../shared/list-header.tsx';
import { LoadError } from '../../../shared/load-error.tsx';
import { OffsetListTable, sortOrderOf, useOffsetListState } from '../../../shared/offset-list-table.tsx';
import { OrgPicker } from '../../../shared/org-picker.tsx';
import { useAppSelector } from '../../../store/hooks.ts';
import { selectHeldPermissions } from '../../../store/selectors.ts';
import { ApplicationDrawer, type DrawerSubject } from '../application-drawer.tsx';
import { fetchApplication, fetchPrefill, useRmApplicationSearchQuery, type RmRow } from '../rm-api.ts';
import { STATUS_COLORS } from '../status-colors.ts';
import '../texts.ts';

const SIZES = [20, 50, 100] as const;
type SortField = 'MerchantName' | 'Status' | 'UpdatedAt' | 'SubmittedAt';

const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '-');

export default function RmApplicationPage() {
  const { t } = useTranslation();
  const held = useAppSelector(selectHeldPermissions);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<RmApplicationStatus | undefined>(undefined);
  const list = useOffsetListState<SortField>(SIZES);
  const [subject, setSubject] = useState<DrawerSubject | null>(null);
  const [picking, setPicking] = useState(false);
  const [merchantId, setMerchantId] = useState<number | undefined>(undefined);
  const [opening, setOpening] = useState(false);

  const query = useRmApplicationSearchQuery({ ...list.request, SearchData: { Keyword: keyword, Status: status } });
  const data = query.currentData ?? (query.isError ? undefined : query.data);

  const open = async (row: RmRow) => {
    try {
      setSubject({ kind: 'saved', application: await fetchApplication(row.Id) });
    } catch {
      // The client has shown the error.
    }
  };
  const startNew = async () => {
    if (!merchantId) return;
    setOpening(true);
    try {
      setSubject({ kind: 'new', prefill: await fetchPrefill(merchantId) });
      setPicking(false);
      setMerchantId(undefined);
    } catch {
      // The client has shown the error.
    } finally {
      setOpening(false);
    }
  };

  const sorter = (field: SortField) => sortOrderOf(list.sort, field);
  const columns: TableColumnsType<RmRow> = [
    { key: 'MerchantName', title: t('rm.merchant'), dataIndex: 'MerchantName', ...sorter('MerchantName') },
    { key: 'Status', title: t('rm.status'), width: 140, ...sorter('Status'), render: (_, r) => <Tag color={STATUS_COLORS[r.Status]}>{t(enumLabelKey('rmApplicationStatus', r.Status))}</Tag> },
    { key: 'RegNo', title: t('rm.regNo'), dataIndex: 'RegNo', width: 150, responsive: ['md'] },
    { key: 'SubmittedAt', title: t('rm.submittedAt'), width: 170, ...sorter('SubmittedAt'), responsive: ['lg'], render: (_, r) => when(r.SubmittedAt) },
    { key: 'DecidedAt', title: t('rm.decidedAt'), width: 170, responsive: ['lg'], render: (_, r) => when(r.DecidedAt) },
    { key: 'RmMerchantId', title: t('rm.rmMerchantId'), width: 150, responsive: ['xl'], render: (_, r) => r.RmMerchantId ?? '-' },
    { key: 'UpdatedAt', title: t('rm.updatedAt'), width: 170, ...sorter('UpdatedAt'), responsive: ['md'], render: (_, r) => when(r.UpdatedAt) },
  ];
  const filtered = keyword !== '' || status !== undefined;

  return (
    <>
      <ListHeader<RmApplicationStatus>
        title={t('nav.rm-application')}
        newLabel={t('rm.new')}
        onNew={held.has('tpaapplication:rmedit') ? () => setPicking(true) : undefined}
        keywordLabel={t('rm.keyword')}
        onKeyword={list.filter(setKeyword)}
        statusLabel={t('rm.status')}
        allStatuses={t('rm.allStatuses')}
        statuses={RM_APPLICATION_STATUSES.map((s) => ({ value: s, label: t(enumLabelKey('rmApplicationStatus', s)) }))}
        status={status}
        onStatus={list.filter(setStatus)}
      />
      {query.isError && !data ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <>
          <OffsetListTable<RmRow, SortField>
            columns={columns}
            rows={data?.Items ?? []}
            loaded={Boolean(data)}
            loading={query.isFetching}
            filtered={filtered}
            empty={{ filtered: t('rm.noneFiltered'), none: t('rm.none') }}
            rowName={(r) => r.MerchantName}
            onOpen={(r) => void open(r)}
            {...list.table}
            total={data?.TotalRecords ?? 0}
          />
        </>
      )}
      <Modal
        open={picking}
        title={t('rm.pickMerchantTitle')}
        okText={t('rm.continue')}
        cancelText={t('resource.cancel')}
        okButtonProps={{ disabled: !merchantId, loading: opening }}
        onOk={() => void startNew()}
        onCancel={() => setPicking(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('rm.prefillNote')}</Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label={t('rm.pickMerchant')} htmlFor="rm-merchant">
            <OrgPicker id="rm-merchant" level="MERCHANT_HQ" value={merchantId} onChange={setMerchantId} placeholder={t('rm.pickMerchant')} />
          </Form.Item>
        </Form>
      </Modal>
      <ApplicationDrawer subject={subject} onClose={() => setSubject(null)} onChanged={(application) => setSubject({ kind: 'saved', application })} />
    </>
  );
}
