/**
 * One of the header's pickers (user group, currency, language): a button showing the current
 * choice that opens a menu of the others, the current one marked.
 *
 * A Dropdown menu, not antd's Select: a Select (with its virtual list and search input) cost every
 * first load ~21 KB compressed for three short lists (bundle-size test, 350 KB budget), and the
 * header already loads the Dropdown for the profile menu. Keyboard: Enter or Space opens the menu,
 * arrows move, Enter chooses, Escape closes (antd Dropdown / rc-menu).
 */
import type { ReactNode } from 'react';
import { Button, Dropdown, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';

export interface HeaderPickerOption<V extends string | number> {
  value: V;
  label: string;
}

export interface HeaderPickerProps<V extends string | number> {
  /** What is picked ("Language"): the button's name is "{current} · {label}" (WCAG 2.5.3: the visible text first). */
  label: string;
  value: V | null;
  options: HeaderPickerOption<V>[];
  onChange: (value: V) => void;
  icon?: ReactNode;
  /** Width the current choice may take before it is cut with an ellipsis (px). */
  maxWidth: number;
  disabled?: boolean;
  loading?: boolean;
}

export function HeaderPicker<V extends string | number>({ label, value, options, onChange, icon, maxWidth, disabled, loading }: HeaderPickerProps<V>) {
  const current = options.find((o) => o.value === value)?.label ?? '';
  return (
    <Dropdown
      trigger={['click']}
      disabled={disabled || loading}
      menu={{
        selectable: true,
        selectedKeys: value === null ? [] : [String(value)],
        items: options.map((o) => ({ key: String(o.value), label: o.label })),
        onClick: ({ key }) => {
          const picked = options.find((o) => String(o.value) === key);
          if (picked && picked.value !== value) onChange(picked.value);
        },
      }}
    >
      <Button aria-haspopup="menu" aria-label={current ? `${current} · ${label}` : label} icon={icon} loading={loading} disabled={disabled} data-testid="header-picker">
        <Typography.Text ellipsis style={{ maxWidth }}>
          {current}
        </Typography.Text>
        <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
