/** A §4 onboarding status as a coloured tag with its translated label (the domain's enum labels). */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabelKey, type OnboardingStatus } from '@paydesk/domain';

/**
 * Colours by meaning, from the theme's status colours only (their tag text is checked at WCAG AA
 * contrast, test/theme-contrast.test.ts; antd's preset gold was 2.9:1 in axe): waiting or to be
 * checked again (warning), under review (processing), accepted (success), refused (error),
 * stopped (default grey).
 */
export const ONBOARDING_COLORS: Readonly<Record<OnboardingStatus, string>> = {
  PENDING: 'warning',
  UNVERIFY: 'warning',
  REVIEWING: 'processing',
  VERIFIED: 'success',
  REJECTED: 'error',
  SUSPENDED: 'default',
};

export function OnboardingTag({ status }: { status: OnboardingStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={ONBOARDING_COLORS[status]} data-status={status}>
      {t(enumLabelKey('onboardingStatus', status))}
    </Tag>
  );
}
