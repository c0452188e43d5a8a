/** /auth: email and password over the secure channel; the server's message shows on the form. */
import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Typography, theme } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../../runtime-config.ts';
import { fieldRule } from '../../../shared/field-rule.ts';
import { useAppDispatch } from '../../../store/hooks.ts';
import { signIn } from '../../../store/session.ts';

interface Fields {
  email: string;
  password: string;
}

export default function SignInPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string[] | null>(null);
  const product = runtimeConfig().ProductName;

  const onFinish = async ({ email, password }: Fields) => {
    setBusy(true);
    setError(null);
    const failure = await dispatch(signIn({ Email: email.trim(), Password: password }));
    // On success this page unmounts (the guard sends the user on).
    if (failure) {
      setBusy(false);
      setError(failure.messages.length > 0 ? failure.messages : null);
    }
  };

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: token.colorBgLayout }}>
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <Flex vertical gap={4} style={{ marginBottom: 24 }}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {t('login.title', { product })}
          </Typography.Title>
          <Typography.Text type="secondary">{t('login.subtitle')}</Typography.Text>
        </Flex>
        {error && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={error.length === 1 ? error[0] : t('login.failed')}
            description={
              error.length > 1 ? (
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {error.map((m, i) => (
                    <li key={i}>{m}</li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        )}
        <Form<Fields> layout="vertical" requiredMark={false} onFinish={onFinish} disabled={busy}>
          <Form.Item
            label={t('login.email')}
            name="email"
            validateTrigger="onBlur"
            rules={[
              { required: true, message: t('login.emailRequired') },
              // §5 email, the validator the server uses too.
              fieldRule('email'),
            ]}
          >
            <Input prefix={<MailOutlined />} autoComplete="username" inputMode="email" autoFocus maxLength={250} />
          </Form.Item>
          <Form.Item label={t('login.password')} name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={250} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
