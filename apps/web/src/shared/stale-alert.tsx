/** The conflict of a stale write (CF409): the server's message and a Reload action. */
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

export function StaleAlert({ message, onReload }: { message: string; onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={t('resource.staleTitle')}
      description={message}
      action={
        <Button size="small" onClick={onReload}>
          {t('resource.reload')}
        </Button>
      }
    />
  );
}
