import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from './labels.ts';

const COLORS: Record<string, string> = { SUCCESS: 'success', PENDING: 'warning', FAILED: 'error', VOID: 'default' };

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status] ?? 'default'}>{enumLabel(t, 'status', status)}</Tag>;
}
