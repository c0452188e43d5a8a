/**
 * The global search dialog (⌘K / Ctrl K, or the header's search button): a query box and the
 * hits grouped by kind. The text is reduced by the domain's `searchQueryText` (a card number
 * becomes first 6 + last 4) and settles for DEBOUNCE_MS before it is asked (RTK Query, so a text
 * asked again is answered from the cache); fewer than SEARCH_QUERY_MIN characters ask nothing.
 * Keys: ↓ / ↑ move through every hit, Enter opens the active one (the portal route it names),
 * Esc closes. States: the hint, searching, nothing found, failed (with a retry). On a phone the
 * dialog takes the screen's width.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Empty, Flex, Input, Modal, Spin, Typography, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_MIN, searchQueryText } from '@paydesk/domain';
import { useGlobalSearchQuery, type SearchHit } from './search-api.ts';
import { RESULTS_ID, SearchResults, optionId } from './search-results.tsx';
import { useDebounced } from './use-debounced.ts';
import './texts.ts';

/** How long the text must rest before it is asked (ms). */
export const DEBOUNCE_MS = 250;

export interface SearchDialogProps {
  open: boolean;
  onClose: () => void;
}

export default function SearchDialog({ open, onClose }: SearchDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const input = useRef<InputRef>(null);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const query = searchQueryText(useDebounced(text, DEBOUNCE_MS));
  const ready = query.length >= SEARCH_QUERY_MIN;
  const { currentData, isFetching, isError, refetch } = useGlobalSearchQuery(ready && open ? query : skipToken);
  const hits = ready ? (currentData?.Items ?? []) : [];
  useEffect(() => {
    setActive(0);
  }, [currentData]);

  const openHit = (hit: SearchHit) => {
    onClose();
    setText('');
    void navigate(hit.Link);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (hits.length) setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % hits.length : (a - 1 + hits.length) % hits.length));
    } else if (e.key === 'Enter' && hits[active]) {
      e.preventDefault();
      openHit(hits[active]);
    }
  };

  let body;
  if (!ready) body = <Typography.Paragraph type="secondary">{t('search.hint', { count: SEARCH_QUERY_MIN })}</Typography.Paragraph>;
  else if (isError && !isFetching)
    body = <Alert type="error" showIcon role="alert" title={t('search.failed')} action={<Button size="small" onClick={() => void refetch()}>{t('search.retry')}</Button>} />;
  else if (!currentData)
    body = (
      <Flex align="center" gap={8}>
        <Spin size="small" />
        <Typography.Text type="secondary">{t('search.searching')}</Typography.Text>
      </Flex>
    );
  else if (!hits.length) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.empty')} />;
  else body = <SearchResults hits={hits} active={active} onHover={setActive} onOpen={openHit} />;

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('search.title')}
      footer={<Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('search.keys')}</Typography.Text>}
      width="min(640px, calc(100vw - 16px))"
      style={{ top: 16, maxWidth: 'calc(100vw - 16px)' }}
      afterOpenChange={(visible) => visible && input.current?.focus()}
      destroyOnHidden
    >
      <Input
        ref={input}
        autoFocus
        allowClear
        size="large"
        prefix={<SearchOutlined aria-hidden />}
        value={text}
        maxLength={SEARCH_QUERY_MAX}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        role="combobox"
        aria-expanded={hits.length > 0}
        aria-controls={RESULTS_ID}
        aria-autocomplete="list"
        aria-activedescendant={hits.length ? optionId(active) : undefined}
        style={{ marginBottom: 12 }}
      />
      <div aria-live="polite" aria-busy={isFetching}>{body}</div>
    </Modal>
  );
}
