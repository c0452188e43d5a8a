/**
 * One .csv or .xlsx file to upload (the settlement import, a bank's payout result): the label,
 * antd's Upload kept from sending (the dialog sends the file itself, multipart through the api
 * client), the chosen file's name with a remove button, and `missingText` in red when the user
 * pressed send without a file. Controlled: `file` and `onChange`.
 */
import { Button, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';

export function SheetFilePicker(props: {
  label: string;
  chooseText: string;
  missingText: string;
  file: File | null;
  missing: boolean;
  onChange: (file: File | null) => void;
  testId: string;
}) {
  const { file, onChange } = props;
  return (
    <>
      <Typography.Text>{props.label}</Typography.Text>
      <Upload
        accept=".csv,.xlsx"
        maxCount={1}
        beforeUpload={(f) => {
          onChange(f);
          return false;
        }}
        onRemove={() => onChange(null)}
        fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
      >
        <Button icon={<UploadOutlined />} data-testid={props.testId}>
          {props.chooseText}
        </Button>
      </Upload>
      {props.missing && <Typography.Text type="danger">{props.missingText}</Typography.Text>}
    </>
  );
}
