/**
 * The per-row errors of a refused upload, with a "Download error report" CSV of Row, Field, Message.
 * Messages are shown (and written to the report) in the current language, with the limit they
 * name ('enter at most 100 characters'), as the form shows them.
 */
import { Button, Flex, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../api/download.ts';
import { errorReportCsv, type RowError } from './csv.ts';
import { messageText } from './field-rule.ts';

export function RowErrors({ errors: sent, reportName }: { errors: RowError[]; reportName: string }) {
  const { t } = useTranslation();
  const errors = sent.map((e) => ({ ...e, Message: messageText(e.Message) }));
  const download = () => saveBlob(new Blob(['\uFEFF', errorReportCsv(errors)], { type: 'text/csv;charset=utf-8' }), reportName);
  return (
    <Flex vertical gap={8}>
      <Table<RowError & { key: number }>
        size="small"
        aria-label={t('upload.errors')}
        dataSource={errors.map((e, key) => ({ ...e, key }))}
        pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        columns={[
          { key: 'Row', title: t('upload.row'), dataIndex: 'Row', width: 80 },
          { key: 'Field', title: t('upload.field'), dataIndex: 'Field', width: 160 },
          { key: 'Message', title: t('upload.message'), dataIndex: 'Message' },
        ]}
      />
      <div>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('upload.errorReport')}
        </Button>
      </div>
    </Flex>
  );
}
