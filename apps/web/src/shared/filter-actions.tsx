/**
 * The two buttons that end every filter form (report and resource filter bars): Search submits the
 * form (Enter in a field does too), Reset clears the filters. Search's icon is decorative, so its
 * accessible name is "Search" alone.
 */
import { Button, Form, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function FilterActions({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={null}>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
          {t('common.search')}
        </Button>
        <Button icon={<ReloadOutlined aria-hidden />} onClick={onReset}>
          {t('common.reset')}
        </Button>
      </Space>
    </Form.Item>
  );
}
