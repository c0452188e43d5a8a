/**
 * The head of a hand-built list screen (/rm-application, /zmk-config): the screen's title with
 * its "New …" button (shown only when `onNew` is given: the caller holds the permission), and the
 * keyword search with a status filter. The keyword applies on Enter or the search button; each
 * change of the applied filters goes through `onKeyword` / `onStatus`, which reset the page.
 */
import { useState } from 'react';
import { Button, Flex, Input, Select, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';

export interface ListHeaderProps<S extends string> {
  title: string;
  newLabel: string;
  /** Opens the creation flow; the button is absent without it. */
  onNew?: () => void;
  keywordLabel: string;
  onKeyword: (keyword: string) => void;
  statusLabel: string;
  /** The status filter's placeholder ("All statuses"). */
  allStatuses: string;
  statuses: { value: S; label: string }[];
  status: S | undefined;
  onStatus: (status: S | undefined) => void;
}

export function ListHeader<S extends string>(p: ListHeaderProps<S>) {
  const [typed, setTyped] = useState('');
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {p.title}
        </Typography.Title>
        {p.onNew && (
          <Button type="primary" icon={<PlusOutlined />} onClick={p.onNew}>
            {p.newLabel}
          </Button>
        )}
      </Flex>
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          aria-label={p.keywordLabel}
          placeholder={p.keywordLabel}
          value={typed}
          maxLength={100}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(v) => p.onKeyword(v.trim())}
          style={{ width: 320, maxWidth: '100%' }}
        />
        <Select<S | undefined>
          aria-label={p.statusLabel}
          allowClear
          placeholder={p.allStatuses}
          value={p.status}
          onChange={(v) => p.onStatus(v ?? undefined)}
          options={p.statuses}
          style={{ width: 220, maxWidth: '100%' }}
        />
      </Flex>
    </>
  );
}
