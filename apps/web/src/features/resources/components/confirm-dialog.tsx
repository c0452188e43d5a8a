/**
 * A confirmation prompt for an action on a record (delete, activate, deactivate). It stays open
 * while the action runs and, when the server refuses it (e.g. CF409 "still used by …"), shows the
 * server's message in place instead of closing.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Flex, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { focusMainIfLost } from '../../../shared/focus-return.ts';

export interface ConfirmRequest {
  title: string;
  content: ReactNode;
  okText: string;
  danger?: boolean;
  /** Runs the action: null when done, else the message to show. */
  run: () => Promise<string | null>;
}

export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!request) return;
    setBusy(true);
    setError(null);
    try {
      const message = await request.run();
      if (message === null) close();
      else setError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={request !== null}
      title={request?.title}
      okText={request?.okText}
      cancelText={t('resource.cancel')}
      okButtonProps={{ danger: request?.danger, loading: busy, disabled: error !== null }}
      onOk={() => void confirm()}
      onCancel={close}
      destroyOnHidden
      // antd returns focus to the action that opened the prompt; after a delete that row is gone.
      focusTriggerAfterClose
      afterClose={focusMainIfLost}
    >
      <Flex vertical gap={12}>
        <div>{request?.content}</div>
        {error && <Alert type="error" showIcon title={error} role="alert" />}
      </Flex>
    </Modal>
  );
}
