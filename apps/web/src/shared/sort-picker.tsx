/**
 * The sort of a list on a phone, where its cards have no column headers to click: a picker of the
 * sortable columns and a button turning the order (ascending ↔ descending).
 */
import { Button, Select, Space } from 'antd';
import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface SortPickerProps {
  options: { value: string; label: string }[];
  sort: string;
  order: 'asc' | 'desc';
  onChange: (sort: string, order: 'asc' | 'desc') => void;
}

export function SortPicker({ options, sort, order, onChange }: SortPickerProps) {
  const { t } = useTranslation();
  if (options.length === 0) return null;
  return (
    <Space.Compact>
      <Select aria-label={t('list.sortBy')} value={sort} style={{ minWidth: 150 }} options={options} onChange={(next) => onChange(next, order)} data-testid="list-sort" />
      <Button
        aria-label={t(order === 'asc' ? 'list.sortAscending' : 'list.sortDescending')}
        icon={order === 'asc' ? <SortAscendingOutlined aria-hidden /> : <SortDescendingOutlined aria-hidden />}
        onClick={() => onChange(sort, order === 'asc' ? 'desc' : 'asc')}
      />
    </Space.Compact>
  );
}
