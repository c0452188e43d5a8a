/**
 * /merchant-bulk-upload: download the template (its Agent list holds the
 * caller's own agents), choose an XLSX or CSV file and upload it; the upload's job is followed
 * live (checking rows, then creating merchants, with a progress bar polled every second) and ends
 * either DONE (the merchants created, PENDING review, with a link to /merchant) or FAILED (every
 * row error in a table with a downloadable error report; nothing created). Below, the recent
 * uploads of the caller's subtree; a row opens that upload's result. A refusal of the file itself
 * (not a template, too many rows) is the client's §8 toast.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Progress, Result, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { CloudUploadOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@paydesk/domain';
import { listEmptyText } from '../../../shared/list-empty.tsx';
import { LoadError } from '../../../shared/load-error.tsx';
import { rowOpenProps } from '../../../shared/row-open.ts';
import { RowErrors } from '../../../shared/row-errors.tsx';
import { useScrollRegion } from '../../../shared/scroll-region.ts';
import { useBusyCall } from '../../../shared/use-busy-call.ts';
import { useAppDispatch, useAppSelector } from '../../../store/hooks.ts';
import { selectHeldPermissions } from '../../../store/selectors.ts';
import { useDownloadFileMutation, useUpload } from '../../../store/file-api.ts';
import {
  TEMPLATE_DOWNLOAD,
  invalidateUploads,
  isRunning,
  merchantFileUpload,
  useMerchantUploadGetQuery,
  useMerchantUploadSearchQuery,
  type MerchantUpload,
} from '../merchant-upload-api.ts';
import '../texts.ts';
import { SheetDropZone } from '../../../shared/sheet-drop-zone.tsx';

const STATUS_COLORS: Record<MerchantUpload['Status'], string> = { QUEUED: 'default', VALIDATING: 'processing', APPLYING: 'processing', DONE: 'success', FAILED: 'error' };
const PAGE_SIZE = 10;

function StatusTag({ status }: { status: MerchantUpload['Status'] }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`mu.status.${status}`)}</Tag>;
}

/** One upload followed live: progress while its job runs, then its result. */
function UploadResult({ id, onAnother }: { id: number; onAnother: () => void }) {
  const { t } = useTranslation();
  const held = useAppSelector(selectHeldPermissions);
  const dispatch = useAppDispatch();
  // Polled while the job runs; once it has ended the recent uploads list is asked again.
  const [ended, setEnded] = useState(false);
  const query = useMerchantUploadGetQuery(id, { pollingInterval: ended ? 0 : 1000 });
  const u = query.currentData;
  const endedNow = u !== undefined && !isRunning(u.Status);
  useEffect(() => {
    if (!endedNow) return;
    setEnded(true);
    dispatch(invalidateUploads());
  }, [endedNow, dispatch]);
  if (query.isError && !u) return <LoadError onRetry={() => void query.refetch()} />;
  if (!u) return <Progress percent={0} status="active" />;
  const title = t('mu.current', { id: u.Id, file: u.FileName });
  if (isRunning(u.Status)) {
    const percent = u.TotalRows ? Math.floor((u.DoneRows / u.TotalRows) * 100) : 0;
    return (
      <Flex vertical gap={8} data-testid="mu-progress">
        <Typography.Text strong>{title}</Typography.Text>
        <Typography.Text role="status">{t(`mu.progress.${u.Status}`, { done: u.DoneRows, total: u.TotalRows })}</Typography.Text>
        <Progress percent={percent} status="active" aria-label={t(`mu.status.${u.Status}`)} />
      </Flex>
    );
  }
  if (u.Status === 'DONE') {
    return (
      <Result
        status="success"
        title={t('mu.done', { count: u.CreatedCount })}
        subTitle={title}
        data-testid="mu-done"
        extra={[
          held.has('merchant:view') && (
            <Link key="list" to="/merchant?status=PENDING">
              <Button type="primary">{t('mu.openMerchants')}</Button>
            </Link>
          ),
          <Button key="again" onClick={onAnother}>
            {t('mu.another')}
          </Button>,
        ]}
      />
    );
  }
  return (
    <Flex vertical gap={8} data-testid="mu-failed">
      <Typography.Text strong>{title}</Typography.Text>
      <Alert type="error" showIcon role="alert" title={t('mu.failed', { count: u.ErrorCount })} />
      <RowErrors errors={u.Errors} reportName={`merchant-upload-${u.Id}-errors.csv`} />
      <div>
        <Button onClick={onAnother}>{t('mu.another')}</Button>
      </div>
    </Flex>
  );
}

function RecentUploads({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useMerchantUploadSearchQuery({ PageNumber: page, PageSize: PAGE_SIZE });
  const box = useScrollRegion(t('mu.recent'));
  const data = query.currentData;
  const columns: TableColumnsType<MerchantUpload> = [
    { key: 'Id', title: '#', dataIndex: 'Id', width: 70 },
    { key: 'FileName', title: t('mu.col.file'), dataIndex: 'FileName', width: 220, ellipsis: true },
    { key: 'Status', title: t('mu.col.status'), width: 120, render: (_, u) => <StatusTag status={u.Status} /> },
    { key: 'TotalRows', title: t('mu.col.rows'), dataIndex: 'TotalRows', width: 80, align: 'right' },
    { key: 'CreatedCount', title: t('mu.col.created'), dataIndex: 'CreatedCount', width: 90, align: 'right' },
    { key: 'ErrorCount', title: t('mu.col.errors'), dataIndex: 'ErrorCount', width: 80, align: 'right' },
    { key: 'UploadedBy', title: t('mu.col.by'), dataIndex: 'UploadedBy', width: 200, ellipsis: true },
    { key: 'CreatedAt', title: t('mu.col.at'), width: 170, render: (_, u) => formatDateTime(u.CreatedAt) },
  ];
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('mu.recent')}
      </Typography.Title>
      {query.isError && !data ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <div ref={box}>
          <Table<MerchantUpload>
            rowKey="Id"
            size="small"
            tableLayout="fixed"
            columns={columns}
            dataSource={data?.Items ?? []}
            loading={query.isFetching}
            scroll={{ x: 1030 }}
            locale={{ emptyText: listEmptyText(data !== undefined, false, { filtered: t('mu.none'), none: t('mu.none') }) }}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.TotalRecords ?? 0, showSizeChanger: false, onChange: setPage }}
            onRow={(u) => rowOpenProps(() => onOpen(u.Id), t('mu.open', { id: u.Id }))}
            data-testid="mu-list"
          />
        </div>
      )}
    </Flex>
  );
}

export default function MerchantUploadPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const send = useBusyCall();
  const template = useBusyCall();
  const [sendFile] = useUpload();
  const [downloadFile] = useDownloadFileMutation();

  const upload = () =>
    file &&
    void send.run(async () => {
      // The mutation asks the recent uploads again once the file is accepted.
      const u = await sendFile(merchantFileUpload(file));
      setOpenId(u.Id);
      setFile(null);
    });
  const another = () => {
    setOpenId(null);
    setFile(null);
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('nav.merchant-bulk-upload')}
      </Typography.Title>
      <Card size="small">
        <Flex vertical gap={12}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('mu.hint')}
          </Typography.Paragraph>
          <div>
            <Button icon={<DownloadOutlined />} loading={template.busy} onClick={() => void template.run(async () => void (await downloadFile(TEMPLATE_DOWNLOAD).unwrap()))} data-testid="mu-template">
              {t('mu.template')}
            </Button>
          </div>
          {openId === null ? (
            <>
              <SheetDropZone file={file} onChoose={setFile} onRemove={() => setFile(null)} />
              <div>
                <Button type="primary" icon={<CloudUploadOutlined />} disabled={!file} loading={send.busy} onClick={upload} data-testid="mu-upload">
                  {send.busy ? t('mu.uploading') : t('mu.upload')}
                </Button>
              </div>
            </>
          ) : (
            <UploadResult key={openId} id={openId} onAnother={another} />
          )}
        </Flex>
      </Card>
      <Card size="small">
        <RecentUploads onOpen={setOpenId} />
      </Card>
    </Flex>
  );
}
