/**
 * Loading indicators drawn without antd (the boot, the guards and the layout's screens show them,
 * and the sign-in page does not carry antd). Styled by plain.css with the theme's CSS
 * variables (app/plain-theme.ts). The not-found and forbidden results are in app/result-pages.tsx.
 */
import { useTranslation } from 'react-i18next';
import './plain.css';

/** A spinner announced as a status, with its text (`app.loading`) shown under it. */
function Spinner({ large, minHeight }: { large?: boolean; minHeight: string | number }) {
  const { t } = useTranslation();
  return (
    <div className="pd-center" style={{ minHeight }}>
      <div className={large ? 'pd-spin pd-spin-large' : 'pd-spin'} role="status" aria-label={large ? undefined : t('app.loading')}>
        <span className="pd-spin-ring" aria-hidden="true" />
        {large && <span className="pd-spin-text">{t('app.loading')}</span>}
      </div>
    </div>
  );
}

/** While the session is restored or a route's code loads: centred on the page, with its text. */
export function FullPageSpin() {
  return <Spinner large minHeight="60vh" />;
}

/** While a screen's code loads inside the layout. */
export function PageSpin() {
  return <Spinner minHeight={240} />;
}
