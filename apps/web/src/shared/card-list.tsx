/**
 * A list's rows as cards, for phones (below 768 px): the same column definitions the desktop table
 * gets (antd `columns`: `key`, `title`, `dataIndex`, `render`), so every list keeps one column
 * catalogue. Each card shows its first column as its title, the other columns as label and value
 * lines, and the column keyed `actions` (any case) as its footer; nothing is wider than the screen, so no
 * list needs a sideways swipe. A card that opens something opens on tap, Enter or Space
 * (shared/row-open.ts); with `selection`, each card has its own checkbox (bulk actions).
 */
import { isValidElement, type Key, type ReactNode } from 'react';
import { Card, Checkbox, Empty, Flex, Skeleton, Typography, theme } from 'antd';
import { rowOpenProps } from './row-open.ts';
import './card-list.css';

/** What a card reads of a table column. */
export interface CardColumn<T> {
  key?: Key;
  /** The label; a title function (antd sort-aware titles) draws nothing here. */
  title?: unknown;
  dataIndex?: unknown;
  /** A table render: a node, or antd's `{children, props}` cell (its children are drawn). */
  render?: (value: never, row: T, index: number) => unknown;
}

export interface CardListProps<T> {
  rows: readonly T[];
  columns: readonly CardColumn<T>[];
  rowKey: (row: T) => Key;
  loading?: boolean;
  /** Shown when there are no rows and nothing is loading. */
  emptyText?: ReactNode;
  /** What a tap on the card does, and the card's accessible name saying so. */
  onOpen?: (row: T) => void;
  openLabel?: (row: T) => string;
  selection?: { selected: readonly Key[]; onChange: (keys: Key[], rows: T[]) => void; label: (row: T) => string };
  testId?: string;
}

/** The cell of `column` for `row`, as the table would draw it. */
function cellOf<T>(column: CardColumn<T>, row: T, index: number): ReactNode {
  const path = column.dataIndex;
  const value = typeof path === 'string' || typeof path === 'number' ? (row as Record<string, unknown>)[path] : undefined;
  if (!column.render) return value as ReactNode;
  const drawn = column.render(value as never, row, index);
  return drawn !== null && typeof drawn === 'object' && 'props' in drawn && 'children' in drawn && !('$$typeof' in drawn) ? (drawn.children as ReactNode) : (drawn as ReactNode);
}

export function CardList<T>({ rows, columns, rowKey, loading, emptyText, onOpen, openLabel, selection, testId = 'card-list' }: CardListProps<T>) {
  const { token } = theme.useToken();
  if (loading && rows.length === 0) return <Skeleton active />;
  // An empty text that is already a block (listEmptyText's Empty) shows as it is: wrapped again it drew two images.
  if (rows.length === 0) return isValidElement(emptyText) ? emptyText : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  const isActions = (c: CardColumn<T>) => String(c.key).toLowerCase() === 'actions';
  const [head, ...rest] = columns.filter((c) => !isActions(c));
  const actions = columns.find(isActions);
  const toggle = (row: T, on: boolean) => {
    if (!selection) return;
    const key = rowKey(row);
    const keys = on ? [...selection.selected.filter((k) => k !== key), key] : selection.selected.filter((k) => k !== key);
    selection.onChange(keys, rows.filter((r) => keys.includes(rowKey(r))));
  };
  return (
    <Flex vertical gap={8} data-testid={testId} aria-busy={loading || undefined}>
      {rows.map((row, i) => {
        const key = rowKey(row);
        const open = onOpen ? rowOpenProps(() => onOpen(row), openLabel?.(row) ?? '') : {};
        return (
          <Card
            key={key}
            size="small"
            data-testid="list-card"
            title={head ? <Typography.Text strong>{cellOf(head, row, i)}</Typography.Text> : null}
            extra={
              selection && (
                // A tap on the box selects; it does not open the card.
                <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                  <Checkbox aria-label={selection.label(row)} checked={selection.selected.includes(key)} onChange={(e) => toggle(row, e.target.checked)} />
                </span>
              )
            }
            styles={{ body: { padding: '8px 12px' } }}
            {...open}
          >
            <dl style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', gap: '4px 12px', margin: 0 }}>
              {rest.map((c, j) => (
                <div key={String(c.key ?? j)} style={{ display: 'contents' }}>
                  <dt style={{ margin: 0, color: token.colorTextSecondary, overflowWrap: 'anywhere' }}>{typeof c.title === 'function' ? null : (c.title as ReactNode)}</dt>
                  <dd className="pd-card-value" style={{ margin: 0, textAlign: 'right' }}>
                    {cellOf(c, row, i)}
                  </dd>
                </div>
              ))}
            </dl>
            {actions && (
              <Flex wrap gap={8} style={{ marginTop: 8 }} onClick={(e) => e.stopPropagation()}>
                {cellOf(actions, row, i)}
              </Flex>
            )}
          </Card>
        );
      })}
    </Flex>
  );
}
