/**
 * The dialog's hits, grouped by kind (SEARCH_HIT_KINDS order) under a heading each: a listbox
 * whose options are the hits in one flat order, so the arrows move through every group. The
 * active option is the input's `aria-activedescendant` (focus stays in the input) and is
 * scrolled into view.
 */
import { useEffect } from 'react';
import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { SEARCH_HIT_KINDS } from '@paydesk/contract';
import { formatDateTime } from '@paydesk/domain';
import type { SearchHit } from './search-api.ts';

export const RESULTS_ID = 'global-search-results';
/** The DOM id of the option at flat index `i`. */
export const optionId = (i: number): string => `global-search-hit-${i}`;

export interface SearchResultsProps {
  hits: readonly SearchHit[];
  active: number;
  onHover: (index: number) => void;
  onOpen: (hit: SearchHit) => void;
}

export function SearchResults({ hits, active, onHover, onOpen }: SearchResultsProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // A block body: newer Chromium answers scrollIntoView with a promise, which React would take for a cleanup.
  useEffect(() => {
    void document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  const indexed = hits.map((hit, index) => ({ hit, index }));
  return (
    <div role="listbox" id={RESULTS_ID} aria-label={t('search.results')} style={{ maxHeight: '60vh', overflowY: 'auto' }}>
      {SEARCH_HIT_KINDS.map((kind) => {
        const group = indexed.filter((x) => x.hit.Kind === kind);
        if (!group.length) return null;
        const headingId = `global-search-group-${kind}`;
        return (
          <div key={kind} role="group" aria-labelledby={headingId} style={{ marginBottom: 8 }}>
            <Typography.Text id={headingId} type="secondary" strong style={{ display: 'block', padding: '4px 8px', fontSize: token.fontSizeSM }}>
              {t(`search.kind.${kind}`)}
            </Typography.Text>
            {group.map(({ hit, index }) => (
              <div
                key={`${hit.Kind}-${hit.Id}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onMouseEnter={() => onHover(index)}
                onClick={() => onOpen(hit)}
                style={{ padding: '6px 8px', borderRadius: token.borderRadius, cursor: 'pointer', background: index === active ? token.controlItemBgActive : undefined }}
              >
                <Flex justify="space-between" gap={8} wrap>
                  <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>{hit.Title}</Typography.Text>
                  {hit.At && <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>{formatDateTime(hit.At)}</Typography.Text>}
                </Flex>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: token.fontSizeSM, overflowWrap: 'anywhere' }}>{hit.Subtitle}</Typography.Text>
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
