/**
 * The not-found and forbidden results (antd). They show inside the signed-in layout only, so
 * they load lazily with it (router.tsx, guards.tsx) and are not part of the sign-in page.
 */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../shared/page-title.ts';

/** One Tab stop (a button inside a link would be two, and nested controls confuse screen readers). */
function HomeButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => void navigate('/')}>
      {t('notFound.home')}
    </Button>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return <Result status="404" title={t('notFound.title')} subTitle={t('notFound.subtitle')} extra={<HomeButton />} />;
}

export function ForbiddenResult() {
  const { t } = useTranslation();
  usePageTitle(t('forbidden.title'));
  return <Result status="403" title={t('forbidden.title')} subTitle={t('forbidden.subtitle')} extra={<HomeButton />} />;
}
