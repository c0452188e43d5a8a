/**
 * The dashboard's welcome for a user without `dashboard:view` (§2). antd's Result carries its
 * status illustrations (~9 KB compressed), so it loads only when shown, outside the dashboard's
 * first-load chunks (bundle-size test), as the load failure (shared/load-error.tsx) does.
 */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown instead of the figures to a user who may not see them: "Welcome, {name}". */
export function DashboardWelcome({ name }: { name: string }) {
  const { t } = useTranslation();
  return <Result status="info" title={t('dashboard.welcome', { name })} subTitle={t('dashboard.noFigures')} />;
}
