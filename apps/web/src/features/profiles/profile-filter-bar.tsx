/**
 * The profile list's filters: keyword (name, registration numbers, MID), §4
 * onboarding status, the parent organization (the level above, scoped picker) and, on the
 * merchant screen, HQ or branch. Each choice applies at once; the keyword on Enter or Search.
 */
import { useEffect, useState } from 'react';
import { Button, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ONBOARDING_STATUSES, enumLabelKey, type OnboardingStatus } from '@paydesk/domain';
import { OrgPicker } from '../../shared/org-picker.tsx';
import { DEFAULT_PROFILE_QUERY, type ProfileQuery } from './list-query.ts';
import type { SegmentView } from './segments.ts';
import './texts.ts';

export function ProfileFilterBar({ view, query, onApply }: { view: SegmentView; query: ProfileQuery; onApply: (next: ProfileQuery) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(query.keyword ?? '');
  // The URL is the truth: a back/forward or a reset shows its keyword.
  useEffect(() => setTyped(query.keyword ?? ''), [query.keyword]);
  const parentLevel = view.kinds[0]!.parentLevel;
  const parentText = parentLevel ? t('profile.parentFilter', { level: t(`enum.groupType.${parentLevel}`) }) : '';
  const apply = (change: Partial<ProfileQuery>) => onApply({ ...query, ...change, page: 1 });

  return (
    <Flex wrap gap={8} align="center" role="search" data-testid="profile-filters">
      <Input.Search
        allowClear
        aria-label={t('profile.keyword')}
        placeholder={t('profile.keyword')}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onSearch={(v) => apply({ keyword: v.trim() ? v.trim() : undefined })}
        enterButton={t('profile.search')}
        style={{ width: 340, maxWidth: '100%' }}
        data-testid="profile-keyword"
      />
      <Select<OnboardingStatus | ''>
        aria-label={t('profile.statusFilter')}
        value={query.status ?? ''}
        style={{ width: 200, maxWidth: '100%' }}
        options={[{ value: '', label: t('profile.allStatuses') }, ...ONBOARDING_STATUSES.map((s) => ({ value: s, label: t(enumLabelKey('onboardingStatus', s)) }))]}
        onChange={(v) => apply({ status: v === '' ? undefined : v })}
        data-testid="profile-status-filter"
      />
      {parentLevel && (
        <div style={{ width: 260, maxWidth: '100%' }}>
          <OrgPicker level={parentLevel} value={query.parentId} ariaLabel={parentText} placeholder={parentText} onChange={(v) => apply({ parentId: v })} />
        </div>
      )}
      {view.kinds.length > 1 && (
        <Select<'HQ' | 'BRANCH' | ''>
          aria-label={t('profile.kindFilter')}
          value={query.kind ?? ''}
          style={{ width: 180, maxWidth: '100%' }}
          options={[
            { value: '', label: t('profile.allKinds') },
            { value: 'HQ', label: t('profile.kind.HQ') },
            { value: 'BRANCH', label: t('profile.kind.BRANCH') },
          ]}
          onChange={(v) => apply({ kind: v === '' ? undefined : v })}
          data-testid="profile-kind-filter"
        />
      )}
      <Button onClick={() => onApply({ ...DEFAULT_PROFILE_QUERY, sort: query.sort, order: query.order, size: query.size })}>{t('profile.reset')}</Button>
    </Flex>
  );
}
