// @vitest-environment node
/**
 * Every sideways-scrolling antd table inside a useScrollRegion box is a named Tab stop, whatever
 * its shape (stop 24's CI: /user-management for MERCHANT_HQ at 390 px had a scroller with no
 * focusable content). Cases are generated: column count, row count (0 = the empty state), a fixed
 * header (which moves the scroller to `.ant-table-body`), one or two tables, and a re-render that
 * changes the shape (antd then re-creates its scroller).
 */
import './support/dom-on-node.ts';
import './setup-dom.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { Table } from 'antd';
import { useScrollRegion } from '../src/shared/scroll-region.ts';

interface Shape {
  columns: number;
  rows: number;
  fixedHeader: boolean;
  tables: number;
}

function Tables({ shape, label }: { shape: Shape; label: string }) {
  const box = useScrollRegion(label);
  const columns = Array.from({ length: shape.columns }, (_, i) => ({ key: `c${i}`, dataIndex: `c${i}`, title: `C${i}`, width: 200 }));
  const data = Array.from({ length: shape.rows }, (_, r) => ({ key: r, ...Object.fromEntries(columns.map((c) => [c.dataIndex, `${r}`])) }));
  return (
    <div ref={box}>
      {Array.from({ length: shape.tables }, (_, i) => (
        <Table key={i} columns={columns} dataSource={data} pagination={false} scroll={{ x: shape.columns * 200, y: shape.fixedHeader ? 300 : undefined }} />
      ))}
    </div>
  );
}

const shapeArb = fc.record({ columns: fc.integer({ min: 1, max: 12 }), rows: fc.integer({ min: 0, max: 5 }), fixedHeader: fc.boolean(), tables: fc.integer({ min: 1, max: 2 }) });

function scrollers(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')];
}

describe('useScrollRegion', () => {
  afterEach(cleanup);

  it('makes every table scroller a focusable, labelled region, before and after a change of shape', () => {
    fc.assert(
      fc.property(shapeArb, shapeArb, fc.constantFrom('Users', 'Pengguna', '用户'), (first, second, label) => {
        const view = render(<Tables shape={first} label={label} />);
        for (const shape of [first, second]) {
          if (shape === second) view.rerender(<Tables shape={second} label={label} />);
          const found = scrollers(view.container);
          expect(found.length).toBeGreaterThanOrEqual(shape.tables);
          for (const el of found) {
            expect(el.tabIndex).toBe(0);
            expect(el.getAttribute('role')).toBe('region');
            expect(el.getAttribute('aria-label')).toBe(label);
          }
        }
        view.unmount();
      }),
      { numRuns: 25 },
    );
  });
});
