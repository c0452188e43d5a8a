/**
 * rowOpenProps: a row that opens something is a Tab stop and opens with Enter or Space
 * pressed on it, and with a click; keys pressed on a control inside the row stay that control's.
 */
import './setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { ROW_OPEN_KEYS, rowOpenProps } from '../src/shared/row-open.ts';

interface Row {
  id: number;
  name: string;
}

function renderTable(open: (id: number) => void) {
  const rows: Row[] = [
    { id: 1, name: 'First' },
    { id: 2, name: 'Second' },
  ];
  render(
    <Table<Row>
      rowKey="id"
      dataSource={rows}
      pagination={false}
      columns={[
        { title: 'Name', dataIndex: 'name' },
        { title: 'Action', key: 'a', render: (_, r) => <button type="button">Edit {r.name}</button> },
      ]}
      onRow={(r) => rowOpenProps(() => open(r.id), `Open ${r.name}`)}
    />,
  );
}

afterEach(cleanup);

// The first antd render warms up jsdom and antd's styles: seconds on a loaded machine.
describe('rowOpenProps', { timeout: 30_000 }, () => {
  it('makes each row a named Tab stop', () => {
    renderTable(() => {});
    const row = screen.getByRole('row', { name: 'Open First' });
    expect(row.tabIndex).toBe(0);
    expect(screen.getByRole('row', { name: 'Open Second' }).tabIndex).toBe(0);
  });

  const keys: Array<[string, boolean]> = [...ROW_OPEN_KEYS.map((k): [string, boolean] => [k, true]), ['Tab', false], ['a', false], ['Escape', false], ['ArrowDown', false]];
  for (const [key, opens] of keys) {
    it(`${JSON.stringify(key)} on the row ${opens ? 'opens it once' : 'does nothing'}`, () => {
      const open = vi.fn();
      renderTable(open);
      fireEvent.keyDown(screen.getByRole('row', { name: 'Open Second' }), { key });
      expect(open.mock.calls).toEqual(opens ? [[2]] : []);
    });
  }

  it('opens on click', () => {
    const open = vi.fn();
    renderTable(open);
    fireEvent.click(screen.getByText('First'));
    expect(open).toHaveBeenCalledWith(1);
  });

  it('leaves Enter on a button inside the row to that button', () => {
    const open = vi.fn();
    renderTable(open);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Edit First' }), { key: 'Enter' });
    expect(open).not.toHaveBeenCalled();
  });

  it('prevents the page scroll of Space', () => {
    renderTable(() => {});
    const event = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    screen.getByRole('row', { name: 'Open First' }).dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});
