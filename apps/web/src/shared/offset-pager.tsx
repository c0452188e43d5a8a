/**
 * Paging of an offset list (the configuration screens): page numbers, a jump to any
 * page, the page size, and the total with thousands separators in the UI language.
 */
import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount } from './format.ts';

export interface OffsetPagerProps {
  /** 1-based page shown. */
  page: number;
  /** Rows per page, one of `sizes`. */
  size: number;
  sizes: readonly number[];
  /** Rows of the whole filtered list (TotalRecords). */
  total: number;
  /** A new page or size; a new size starts again at page 1. */
  onChange: (page: number, size: number) => void;
}

/** The pager under an offset-paged table (antd Pagination with the app's texts). */
export function OffsetPager({ page, size, sizes, total, onChange }: OffsetPagerProps) {
  const { t, i18n } = useTranslation();
  return (
    <Pagination
      style={{ marginTop: 12, justifyContent: 'flex-end' }}
      current={page}
      pageSize={size}
      total={total}
      showSizeChanger
      showQuickJumper
      pageSizeOptions={sizes.map(String)}
      showTotal={(n) => t('list.total', { count: n, total: formatCount(n, i18n.language) })}
      onChange={(nextPage, nextSize) => onChange(nextSize === size ? nextPage : 1, nextSize)}
    />
  );
}
