/** Export the filtered list as XLSX or CSV (a file download, streamed by the server). */
import { useState } from 'react';
import { App, Button, Dropdown } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../../api/index.ts';
import { toSearchData, type TxnQuery } from '../filters.ts';

type Format = 'xlsx' | 'csv';

export function ExportButton({ query }: { query: TxnQuery }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const run = async (format: Format) => {
    setBusy(true);
    try {
      const file = await apiClient().postFile('ecommerceExport', {
        ServiceType: 1,
        SearchData: toSearchData(query),
        Sort: { Field: query.sort, Order: query.order },
        Format: format,
      });
      void message.success(t('txn.exported', { file }));
    } catch {
      // The client has shown the error.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dropdown
      disabled={busy}
      trigger={['click']}
      menu={{
        items: [
          { key: 'xlsx', label: t('txn.exportXlsx') },
          { key: 'csv', label: t('txn.exportCsv') },
        ],
        onClick: ({ key }) => void run(key as Format),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        {t('common.export')}
      </Button>
    </Dropdown>
  );
}
