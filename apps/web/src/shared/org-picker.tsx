/** One scoped organization picker (Organization/GetSelection), narrowed by the chosen parent. */
import { useEffect, useState } from 'react';
import { Select } from 'antd';
import type { OrgLevel } from '@paydesk/domain';
import { useOrgSelectionQuery } from '../store/api.ts';

const SEARCH_DELAY_MS = 300;

interface Props {
  id?: string;
  level: OrgLevel;
  parentId?: number;
  value?: number;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  /** The accessible name when no form label names the picker (a filter bar). */
  ariaLabel?: string;
  /** Told the chosen organization's name (undefined when cleared), e.g. for a confirmation. */
  onChooseName?: (name: string | undefined) => void;
}

export function OrgPicker({ id, level, parentId, value, onChange, placeholder, ariaLabel, onChooseName }: Props) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const { data = [], isFetching } = useOrgSelectionQuery({ Level: level, ParentId: parentId, Search: search || undefined });

  return (
    <Select<number>
      id={id}
      aria-label={ariaLabel}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={(v) => {
        onChange?.(v ?? undefined);
        onChooseName?.(v === undefined || v === null ? undefined : data.find((o) => o.Id === v)?.Name);
      }}
      onClear={() => setTyped('')}
      loading={isFetching}
      placeholder={placeholder}
      options={data.map((o) => ({ value: o.Id, label: o.Name }))}
      style={{ width: '100%' }}
    />
  );
}
