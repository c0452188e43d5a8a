/**
 * The drop zone of a bulk file screen (resource bulk upload, bulk MDR update, merchant bulk
 * upload): one .xlsx or .csv file, dragged or chosen, kept from sending (the screen sends it
 * itself, multipart through the api client), shown by name with a remove button. Controlled:
 * `file`, `onChoose` (a new file) and `onRemove`.
 */
import { Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function SheetDropZone({ file, onChoose, onRemove }: { file: File | null; onChoose: (file: File) => void; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <Upload.Dragger
      accept=".xlsx,.csv"
      maxCount={1}
      fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
      beforeUpload={(f) => {
        onChoose(f);
        return false;
      }}
      onRemove={onRemove}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{t('upload.choose')}</p>
    </Upload.Dragger>
  );
}
