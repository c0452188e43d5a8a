/** Export a list as XLSX or CSV: a file the server streams, saved by the API client under its name. */
import { useState } from 'react';
import { App, Button, Dropdown } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export type ExportFormat = 'xlsx' | 'csv';

/** `onExport` asks for the file and resolves with its saved name; a failure has had its toast. */
export function ExportMenu({ onExport }: { onExport: (format: ExportFormat) => Promise<string> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      const file = await onExport(format);
      void message.success(t('common.exported', { file }));
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
          { key: 'xlsx', label: t('common.exportXlsx') },
          { key: 'csv', label: t('common.exportCsv') },
        ],
        onClick: ({ key }) => void run(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        {t('common.export')}
      </Button>
    </Dropdown>
  );
}
