/**
 * Paging of a keyset list (the transaction lists): first / previous / next, the page's
 * place in the whole list ("Page 3 of 4,000"), the page size, and "jump to date". A keyset list cannot open page
 * N without the pages before it, so instead of page numbers the user jumps to a date: the caller
 * narrows the date range so that its first page starts on that day (see features/reports/report-page.tsx).
 */
import { Button, DatePicker, Flex, Select, Space, Typography } from 'antd';
import { LeftOutlined, RightOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { formatCount } from './format.ts';

export interface KeysetPagerProps {
  /** 1-based page shown (pages seen since the first). */
  page: number;
  /** Rows of the whole filtered list (TotalRecords); pages = ceil(total / size). */
  total: number;
  /** `total` is the count's cap, not the count ("more than 10,000"): "Page 3 of more than 500". */
  capped?: boolean;
  size: number;
  sizes: readonly number[];
  /** An answer is awaited: the buttons wait too. */
  loading: boolean;
  /** The last answer had a NextCursor. */
  hasNext: boolean;
  onFirst: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onSize: (size: number) => void;
  /** Jump to a Malaysian calendar day (YYYY-MM-DD); absent where the list is not in date order. */
  onJumpToDate?: (day: string) => void;
}

/** The pager under a keyset-paged table. */
export function KeysetPager({ page, total, capped = false, size, sizes, loading, hasNext, onFirst, onPrevious, onNext, onSize, onJumpToDate }: KeysetPagerProps) {
  const { t, i18n } = useTranslation();
  const count = (n: number) => formatCount(n, i18n.language);
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <Flex justify="space-between" align="center" gap={8} wrap style={{ marginTop: 12 }}>
      <Space wrap>
        {onJumpToDate && (
          <DatePicker
            aria-label={t('list.jumpToDate')}
            placeholder={t('list.jumpToDate')}
            format="DD-MM-YYYY"
            value={null}
            disabled={loading}
            onChange={(day: Dayjs | null) => {
              if (day) onJumpToDate(day.format('YYYY-MM-DD'));
            }}
          />
        )}
      </Space>
      <Space wrap>
        <Select<number>
          aria-label={t('common.rowsPerPage')}
          value={size}
          options={sizes.map((s) => ({ value: s, label: t('common.pageSize', { size: s }) }))}
          onChange={onSize}
          style={{ width: 120 }}
        />
        <Button icon={<VerticalRightOutlined />} disabled={page === 1 || loading} onClick={onFirst}>
          {t('list.first')}
        </Button>
        <Button icon={<LeftOutlined />} disabled={page === 1 || loading} onClick={onPrevious}>
          {t('common.previous')}
        </Button>
        <Typography.Text aria-live="polite" data-testid="list-page">
          {t(capped ? 'list.pageOfMore' : 'list.pageOf', { page: count(page), pages: count(pages) })}
        </Typography.Text>
        <Button disabled={!hasNext || loading} onClick={onNext}>
          {t('common.next')} <RightOutlined />
        </Button>
      </Space>
    </Flex>
  );
}
