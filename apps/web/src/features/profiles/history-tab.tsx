/**
 * A profile's onboarding status history (GET {S}/Profile/:Id/History): every
 * change with its time (MYT, §9), from → to status, actor and reason, newest first on screen.
 */
import { Empty, Flex, Table, Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ProfileSegment } from '@paydesk/contract';
import { formatDateTime } from '@paydesk/domain';
import { LoadError } from '../../shared/load-error.tsx';
import { OnboardingTag } from './onboarding-tag.tsx';
import { useProfileHistoryQuery, type ProfileHistoryRow } from './profile-api.ts';
import './texts.ts';

export function HistoryTab({ segment, id }: { segment: ProfileSegment; id: number }) {
  const { t } = useTranslation();
  const query = useProfileHistoryQuery({ segment, id });
  if (query.isError && !query.currentData) return <LoadError onRetry={() => void query.refetch()} />;
  const rows = [...(query.currentData?.Rows ?? [])].reverse();
  return (
    <div role="region" aria-label={t('profile.tab.history')} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table<ProfileHistoryRow>
        rowKey={(r) => `${r.At}-${r.ToStatus}`}
        size="small"
        pagination={false}
        loading={query.isFetching}
        dataSource={rows}
        style={{ minWidth: 720 }}
        locale={{ emptyText: query.currentData ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.noHistory')} /> : <div style={{ minHeight: 64 }} aria-hidden /> }}
        data-testid="profile-history"
        columns={[
          { key: 'At', title: t('profile.h.At'), width: 170, render: (_, r) => formatDateTime(r.At) },
          {
            key: 'Change',
            title: t('profile.h.Change'),
            width: 260,
            render: (_, r) => (
              <Flex gap={4} align="center" wrap>
                {r.FromStatus ? <OnboardingTag status={r.FromStatus} /> : <Typography.Text type="secondary">{t('profile.created.first')}</Typography.Text>}
                <ArrowRightOutlined aria-hidden />
                <OnboardingTag status={r.ToStatus} />
              </Flex>
            ),
          },
          { key: 'Actor', title: t('profile.h.Actor'), width: 190, ellipsis: true, render: (_, r) => r.Actor ?? '-' },
          { key: 'Reason', title: t('profile.h.Reason'), width: 220, render: (_, r) => r.Reason ?? '-' },
        ]}
      />
    </div>
  );
}
