/**
 * A list row's actions as links, at most three visible (issue 29: "at most three row actions
 * visible"): the first two as links and the rest behind a "More" menu; three or fewer all show.
 * The order is the caller's: the everyday action first (Edit), the record's next steps, then the
 * rare and destructive ones (Delete last, red), so a destructive action is never one mis-click away
 * on a crowded row. The menu is antd's Dropdown: keyboard reachable (Enter opens, arrows move).
 */
import type { ReactNode } from 'react';
import { Button, Dropdown } from 'antd';
import { DownOutlined } from '@ant-design/icons';

/** One row action: its key, label, optional icon, whether it destroys or stops something (red), and what it does. */
export interface RowAction {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  run: () => void;
}

/** How many actions show as links before the rest go behind "More" (with "More", three in all). */
const INLINE = 2;

export function RowActionLinks({ actions, moreLabel }: { actions: readonly RowAction[]; moreLabel: string }) {
  const inline = actions.length <= INLINE + 1 ? actions : actions.slice(0, INLINE);
  const rest = actions.slice(inline.length);
  return (
    <>
      {inline.map((a) => (
        <Button key={a.key} type="link" size="small" danger={a.danger} icon={a.icon} onClick={a.run}>
          {a.label}
        </Button>
      ))}
      {rest.length > 0 && (
        <Dropdown trigger={['click']} menu={{ items: rest.map((a) => ({ key: a.key, label: a.label, icon: a.icon, danger: a.danger })), onClick: ({ key }) => rest.find((a) => a.key === key)?.run() }}>
          <Button type="link" size="small">
            {moreLabel} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </>
  );
}
