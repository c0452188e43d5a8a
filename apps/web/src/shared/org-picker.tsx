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
}

export function OrgPicker({ id, level, parentId, value, onChange, placeholder }: Props) {
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
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      onClear={() => setTyped('')}
      loading={isFetching}
      placeholder={placeholder}
      options={data.map((o) => ({ value: o.Id, label: o.Name }))}
      style={{ width: '100%' }}
    />
  );
}
