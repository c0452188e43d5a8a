/**
 * What a list shows in place of rows ("No records match the filters" showed while loading
 * and when no filter was set): nothing while the first answer is awaited (the table's own
 * spinner is on), then, after an answer with no rows, "…match the filters" when a filter is set,
 * else "…yet".
 */
import type { ReactNode } from 'react';
import { Empty } from 'antd';

/**
 * The table's `locale.emptyText`. `loaded`: an answer for the current query is shown (false while
 * it is awaited, or after a failure); `filtered`: the query narrows the list; `texts`: the two
 * translated sentences; `extra`: what the empty list offers under them (e.g. a wider time range).
 */
export function listEmptyText(loaded: boolean, filtered: boolean, texts: { filtered: string; none: string }, extra?: ReactNode): ReactNode {
  // A blank block of an empty table's height, so the spinner sits where the message would.
  if (!loaded) return <div style={{ minHeight: 96 }} aria-hidden />;
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? texts.filtered : texts.none}>
      {extra}
    </Empty>
  );
}
