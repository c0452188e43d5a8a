/**
 * A dialog asking for one required note (≤ 250 characters, §5 'placeholder_cannot_be_empty' when
 * empty or blank; §9 text limit): a refund request's reject / not-found description, a risk
 * alert's comment or resolution. OK validates, then hands the trimmed text to `onSubmit`, which
 * may ask a confirmation and call the server; the dialog stays open until the caller closes it.
 * `fields` go above the note (a payout hold's violation): their values reach `onSubmit` too.
 */
import type { ReactNode } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { VALIDATION_MESSAGES } from '@paydesk/domain';
import { messageText } from './field-rule.ts';
import { focusMainIfLost } from './focus-return.ts';

export interface NoteDialogProps {
  open: boolean;
  title: string;
  /** The OK button's text (the action it performs). */
  okText: string;
  label: string;
  danger?: boolean;
  busy: boolean;
  /** data-testid of the text area. */
  testId: string;
  /** Form items shown above the note, validated with it. */
  fields?: ReactNode;
  onSubmit: (text: string, values: Record<string, unknown>) => void;
  onCancel: () => void;
}

export function NoteDialog({ open, title, okText, label, danger, busy, testId, fields, onSubmit, onCancel }: NoteDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ Text?: string } & Record<string, unknown>>();
  const submit = async () => {
    const { Text, ...values } = await form.validateFields();
    onSubmit(Text!.trim(), values);
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('resource.cancel')}
      okButtonProps={{ danger, loading: busy }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
      afterClose={() => {
        form.resetFields();
        focusMainIfLost();
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        {fields}
        <Form.Item
          name="Text"
          label={label}
          rules={[
            { required: true, whitespace: true, message: messageText(VALIDATION_MESSAGES.required) },
            { max: 250, message: messageText(VALIDATION_MESSAGES.tooLong) },
          ]}
        >
          <Input.TextArea rows={4} maxLength={250} showCount data-testid={testId} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
