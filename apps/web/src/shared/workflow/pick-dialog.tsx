/**
 * A dialog asking for one required choice among the record's own (a workflow command's `pick`, e.g.
 * the colleague a risk alert is given to): a searchable select (typing narrows by label), OK
 * validates (§5 'placeholder_cannot_be_empty' when nothing is chosen) and hands the value to
 * `onSubmit`, which may ask a confirmation and call the server; the dialog stays open until the
 * caller closes it.
 */
import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { VALIDATION_MESSAGES } from '@paydesk/domain';
import { messageText } from '../field-rule.ts';
import { focusMainIfLost } from '../focus-return.ts';

/** One choice: the value sent and the label shown. */
export interface PickChoice {
  value: number | string;
  label: string;
}

export interface PickDialogProps {
  open: boolean;
  title: string;
  okText: string;
  label: string;
  choices: readonly PickChoice[];
  busy: boolean;
  /** data-testid of the select. */
  testId: string;
  onSubmit: (value: number | string) => void;
  onCancel: () => void;
}

export function PickDialog({ open, title, okText, label, choices, busy, testId, onSubmit, onCancel }: PickDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ Choice?: number | string }>();
  const submit = async () => {
    const { Choice } = await form.validateFields();
    onSubmit(Choice!);
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('resource.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onCancel}
      destroyOnHidden
      afterClose={() => {
        form.resetFields();
        focusMainIfLost();
      }}
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={() => void submit().catch(() => undefined)}>
        <Form.Item name="Choice" label={label} rules={[{ required: true, message: messageText(VALIDATION_MESSAGES.required) }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={choices.map((c) => ({ value: c.value, label: c.label }))}
            data-testid={testId}
            autoFocus
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
