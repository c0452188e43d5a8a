/**
 * A profile, opened by a row or by URL `{path}/:id`, in a drawer (full width
 * below 768 px; focus returns to the opener on close): its name and §4 status, the KYC actions
 * the caller may take (kyc-actions.tsx), Edit for holders of `{module}:update`, Move to another
 * agent for a merchant HQ and holders of `merchant:move` (move-dialog.tsx), and its sections
 * Company, Persons, Bank accounts, Documents, Services and History, one at a time.
 */
import { useState, type ReactNode } from 'react';
import { Button, Drawer, Empty, Flex, Result, Segmented, Select, Skeleton, Typography } from 'antd';
import { EditOutlined, ReloadOutlined, SwapOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useNarrow } from '../../shared/use-narrow.ts';
import { focusMainIfLost } from '../../shared/focus-return.ts';
import { DocumentsTab } from './documents-tab.tsx';
import { HistoryTab } from './history-tab.tsx';
import { KycActions } from './kyc-actions.tsx';
import { MoveDialog } from './move-dialog.tsx';
import { OnboardingTag } from './onboarding-tag.tsx';
import { useProfileGetQuery, type ProfileDetail } from './profile-api.ts';
import { AccountsSection, CompanySection, PersonsSection, ServicesSection } from './profile-sections.tsx';
import type { SegmentView } from './segments.ts';
import './texts.ts';

/** A section of the profile: its key, its label (with its count) and what it shows. */
interface Section {
  key: string;
  label: string;
  render: () => ReactNode;
}

/**
 * Which section shows: a segmented control from 768 px, a select on a phone (six labels do not
 * fit 390 px). Not antd Tabs: its tab list holds a "more" button, which axe-core reports
 * (aria-required-children), and its inactive panes' tables stay in the page.
 */
function SectionPicker({ sections, value, onChange }: { sections: Section[]; value: string; onChange: (key: string) => void }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  if (narrow)
    return (
      <Select aria-label={t('profile.section')} value={value} onChange={onChange} options={sections.map((x) => ({ value: x.key, label: x.label }))} style={{ width: '100%' }} data-testid="profile-section" />
    );
  return (
    <Segmented<string>
      aria-label={t('profile.section')}
      value={value}
      onChange={onChange}
      options={sections.map((x) => ({ value: x.key, label: <span data-testid={`section-${x.key}`}>{x.label}</span> }))}
    />
  );
}

export interface ProfileDrawerProps {
  view: SegmentView;
  /** The profile's id from the URL (null: closed; not a positive integer: "could not be loaded"). */
  id: number | null;
  canUpdate: boolean;
  /** May move a merchant HQ to another agent (`merchant:move`, the merchant screen only). */
  canMove: boolean;
  onEdit: (profile: ProfileDetail) => void;
  onClose: () => void;
}

export function ProfileDrawer({ view, id, canUpdate, canMove, onEdit, onClose }: ProfileDrawerProps) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const valid = id !== null && Number.isSafeInteger(id) && id > 0;
  const query = useProfileGetQuery(valid ? { segment: view.segment, id } : skipToken);
  const profile = query.currentData ?? (query.isError ? undefined : query.data?.Id === id ? query.data : undefined);
  const [section, setSection] = useState('company');
  const [moving, setMoving] = useState(false);

  let body: React.ReactNode;
  if (!valid) body = <Empty description={t('profile.notFound')} />;
  else if (!profile && query.isFetching) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (!profile)
    body = (
      <Result
        status="warning"
        title={t('profile.notFound')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  else {
    const sections: Section[] = [
      { key: 'company', label: t('profile.tab.company'), render: () => <CompanySection profile={profile} /> },
      { key: 'persons', label: `${t('profile.tab.persons')} (${profile.Persons.length})`, render: () => <PersonsSection profile={profile} /> },
      { key: 'accounts', label: `${t('profile.tab.accounts')} (${profile.BankAccounts.length})`, render: () => <AccountsSection profile={profile} /> },
      { key: 'documents', label: `${t('profile.tab.documents')} (${profile.Documents.length})`, render: () => <DocumentsTab segment={view.segment} profile={profile} canUpdate={canUpdate} /> },
      { key: 'services', label: t('profile.tab.services'), render: () => <ServicesSection profile={profile} /> },
      // Asked only when shown: most visits never read the history.
      { key: 'history', label: t('profile.tab.history'), render: () => <HistoryTab segment={view.segment} id={profile.Id} /> },
    ];
    const current = sections.find((x) => x.key === section) ?? sections[0]!;
    body = (
      <Flex vertical gap={12} data-testid="profile-detail">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Flex gap={8} align="center" wrap>
            <OnboardingTag status={profile.OnboardingStatus} />
            {profile.StatusReason && <Typography.Text type="secondary">{profile.StatusReason}</Typography.Text>}
          </Flex>
          <Flex gap={8} wrap>
            <KycActions segment={view.segment} profile={profile} />
            {canMove && profile.Level === 'MERCHANT_HQ' && (
              <Button icon={<SwapOutlined />} onClick={() => setMoving(true)} data-testid="profile-move">
                {t('profile.move')}
              </Button>
            )}
            {canUpdate && (
              <Button icon={<EditOutlined />} onClick={() => onEdit(profile)} data-testid="profile-edit">
                {t('profile.edit')}
              </Button>
            )}
          </Flex>
        </Flex>
        <SectionPicker sections={sections} value={section} onChange={setSection} />
        <div role="region" aria-label={current.label} data-testid={`profile-section-${current.key}`}>
          {current.render()}
        </div>
        {canMove && <MoveDialog profile={profile} open={moving} onClose={() => setMoving(false)} />}
      </Flex>
    );
  }

  return (
    <Drawer
      open={id !== null}
      title={profile?.Name ?? t('profile.tab.company')}
      size={narrow ? '100%' : 960}
      onClose={onClose}
      afterOpenChange={(open) => {
        if (!open) {
          setSection('company');
          focusMainIfLost();
        }
      }}
      closable={{ 'aria-label': t('common.close') }}
      destroyOnHidden
      data-testid="profile-drawer"
    >
      {body}
    </Drawer>
  );
}
