/**
 * CallbackSecret of an organization configuration: the secret the refund acknowledgement is signed
 * with (Standard Webhooks, docs/API.md "Webhooks"), which the form and the server accept only as
 * `whsec_` and base64 (contract webhook-secret.ts). Typed hidden like any credential, with a
 * Generate button that fills a new one made in the browser (crypto.getRandomValues; it reaches the
 * server only on save) and shows it, for the user to copy to the merchant's receiver before saving:
 * once saved it is answered masked only.
 */
import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { generateWebhookSecret } from '@paydesk/contract';
import type { OverrideInputProps } from './types.ts';

export function CallbackSecretInput({ item, id, value, onChange, disabled }: OverrideInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const masked = typeof item?.CallbackSecret === 'string' ? item.CallbackSecret : null;
  return (
    <Space.Compact block>
      <Input.Password
        id={id}
        disabled={disabled}
        autoComplete="new-password"
        placeholder={masked ? t('resource.secretKeep', { masked }) : undefined}
        visibilityToggle={{ visible, onVisibleChange: setVisible }}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange?.(e.target.value)}
      />
      <Button
        icon={<KeyOutlined />}
        disabled={disabled}
        onClick={() => {
          onChange?.(generateWebhookSecret());
          setVisible(true);
        }}
      >
        {t('resource.generateSecret')}
      </Button>
    </Space.Compact>
  );
}
