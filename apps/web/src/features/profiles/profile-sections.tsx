/**
 * The read-only sections of a profile: Company (with its KYC status and last
 * decision), Persons, Bank accounts (numbers as the server masks them, '••••' + last 4) and
 * Services (service types, products, MDR category, settlement timing). Each is one column on a
 * phone (Descriptions `column` by width); empty lists say so.
 */
import { Descriptions, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMPANY_TYPES, enumLabelKey, findBusinessCategory, formatDateTime } from '@paydesk/domain';
import { useNarrow } from '../../shared/use-narrow.ts';
import { enumLabel } from '../../shared/labels.ts';
import { useMdrCategorySearchQuery } from '../../store/api.ts';
import { OnboardingTag } from './onboarding-tag.tsx';
import type { ProfileDetail } from './profile-api.ts';
import './texts.ts';

const dash = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '-' : v);

export function CompanySection({ profile }: { profile: ProfileDetail }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const type = COMPANY_TYPES.find((c) => c.Value === profile.CompanyType);
  const category = profile.BusinessCategory ? findBusinessCategory(profile.BusinessCategory) : undefined;
  const address = [profile.Address1, profile.Address2, [profile.Postcode, profile.City].filter(Boolean).join(' '), profile.State, profile.Country].filter((x) => x && String(x).trim() !== '');
  return (
    <Descriptions size="small" bordered column={narrow ? 1 : 2} data-testid="profile-company">
      <Descriptions.Item label={t('profile.f.Status')}>
        <OnboardingTag status={profile.OnboardingStatus} />
      </Descriptions.Item>
      <Descriptions.Item label={t('profile.f.StatusReason')}>{dash(profile.StatusReason)}</Descriptions.Item>
      <Descriptions.Item label={t('profile.f.Name')}>{profile.Name}</Descriptions.Item>
      <Descriptions.Item label={t('profile.f.Level')}>{t(`enum.groupType.${profile.Level}`)}</Descriptions.Item>
      <Descriptions.Item label={t('profile.f.Mid')}>{dash(profile.Mid)}</Descriptions.Item>
      <Descriptions.Item label={t('profile.f.Parent')}>{profile.Parent ? profile.Parent.Name : '-'}</Descriptions.Item>
      <Descriptions.Item label={t('profile.f.RegNo')}>{dash(profile.RegNo)}</Descriptions.Item>
      <Descriptions.Item label={t('profile.f.RegNoOld')}>{dash(profile.RegNoOld)}</Descriptions.Item>
      <Descriptions.Item label={t('profile.f.CompanyType')}>{type ? t(type.labelKey) : dash(profile.CompanyType)}</Descriptions.Item>
      <Descriptions.Item label={t('profile.f.BusinessCategory')}>{category ? `${category.mcc} · ${category.name}` : dash(profile.BusinessCategory)}</Descriptions.Item>
      <Descriptions.Item label={t('profile.f.Address1')} span={narrow ? 1 : 2}>
        {address.length ? address.join(', ') : '-'}
      </Descriptions.Item>
      <Descriptions.Item label={t('profile.f.Phone')}>{dash(profile.Phone)}</Descriptions.Item>
      <Descriptions.Item label={t('profile.f.Email')}>{dash(profile.Email)}</Descriptions.Item>
      <Descriptions.Item label={t('profile.f.Website')}>{dash(profile.Website)}</Descriptions.Item>
      <Descriptions.Item label={t('profile.f.SubmittedBy')}>
        {dash(profile.SubmittedBy)}
        {profile.SubmittedAt ? ` · ${formatDateTime(profile.SubmittedAt)}` : ''}
      </Descriptions.Item>
      <Descriptions.Item label={t('profile.f.VerifiedAt')}>{profile.VerifiedAt ? formatDateTime(profile.VerifiedAt) : '-'}</Descriptions.Item>
    </Descriptions>
  );
}

export function PersonsSection({ profile }: { profile: ProfileDetail }) {
  const { t } = useTranslation();
  if (profile.Persons.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.noPersons')} />;
  return (
    <div role="region" aria-label={t('profile.tab.persons')} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table
        rowKey="Id"
        size="small"
        pagination={false}
        dataSource={profile.Persons}
        style={{ minWidth: 900 }}
        data-testid="profile-persons"
        columns={[
          { key: 'Name', title: t('profile.p.Name'), dataIndex: 'Name', width: 180 },
          { key: 'Role', title: t('profile.p.Role'), width: 170, render: (_, p) => t(enumLabelKey('personRole', p.Role)) },
          { key: 'Id', title: t('profile.p.IdNo'), width: 200, render: (_, p) => `${t(enumLabelKey('idType', p.IdType))} ${p.IdNo}` },
          { key: 'Gender', title: t('profile.p.Gender'), width: 90, render: (_, p) => (p.Gender ? t(enumLabelKey('gender', p.Gender)) : '-') },
          { key: 'Nationality', title: t('profile.p.Nationality'), width: 120, render: (_, p) => dash(p.Nationality) },
          { key: 'Contact', title: t('profile.p.Phone'), width: 200, render: (_, p) => [p.Phone, p.Email].filter(Boolean).join(' · ') || '-' },
        ]}
      />
    </div>
  );
}

export function AccountsSection({ profile }: { profile: ProfileDetail }) {
  const { t } = useTranslation();
  if (profile.BankAccounts.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.noAccounts')} />;
  return (
    <div role="region" aria-label={t('profile.tab.accounts')} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table
        rowKey="Id"
        size="small"
        pagination={false}
        dataSource={profile.BankAccounts}
        style={{ minWidth: 700 }}
        data-testid="profile-accounts"
        columns={[
          { key: 'Bank', title: t('profile.a.Bank'), dataIndex: 'BankName', width: 180 },
          { key: 'AccountNo', title: t('profile.a.AccountNo'), width: 130, render: (_, a) => <span data-testid="masked-account">{a.AccountNo}</span> },
          { key: 'AccountName', title: t('profile.a.AccountName'), dataIndex: 'AccountName', width: 180 },
          { key: 'AccountType', title: t('profile.a.AccountType'), width: 120, render: (_, a) => t(enumLabelKey('accountType', a.AccountType)) },
          { key: 'IsPrimary', title: t('profile.a.IsPrimary'), width: 90, render: (_, a) => (a.IsPrimary ? <Tag color="processing">{t('profile.a.IsPrimary')}</Tag> : null) },
        ]}
      />
    </div>
  );
}

export function ServicesSection({ profile }: { profile: ProfileDetail }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const categories = useMdrCategorySearchQuery();
  const config = profile.Config;
  if (!config) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.noConfig')} />;
  const category = (categories.data ?? []).find((c) => c.Id === config.MdrCategoryId);
  const list = (items: string[], label: (v: string) => string) =>
    items.length ? (
      <Flex wrap gap={4}>
        {items.map((v) => (
          <Tag key={v}>{label(v)}</Tag>
        ))}
      </Flex>
    ) : (
      '-'
    );
  return (
    <Descriptions size="small" bordered column={narrow ? 1 : 2} data-testid="profile-services">
      <Descriptions.Item label={t('profile.s.ServiceTypes')} span={narrow ? 1 : 2}>
        {list(config.ServiceTypes, (v) => enumLabel(t, 'serviceType', v))}
      </Descriptions.Item>
      <Descriptions.Item label={t('profile.s.PaymentProducts')} span={narrow ? 1 : 2}>
        {list(config.PaymentProducts, (v) => v)}
      </Descriptions.Item>
      <Descriptions.Item label={t('profile.s.MdrCategoryId')}>{category ? `${category.CategoryCode} · ${category.CategoryName}` : config.MdrCategoryId === null ? '-' : `#${config.MdrCategoryId}`}</Descriptions.Item>
      <Descriptions.Item label={t('profile.s.SettlementTiming')}>
        <Typography.Text>
          {t(enumLabelKey('settlementTiming', config.SettlementTiming))}
          {config.SettlementTiming === 'T_PLUS_X' ? ` · T+${config.SettlementDays}` : config.SettlementCustom ? ` · ${config.SettlementCustom}` : ''}
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}
