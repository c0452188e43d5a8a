/**
 * /mfa-setup: the signed-in user enrols an authenticator app. Reached from the
 * header's user menu, and forced (guards.tsx RequireSession) while the profile says
 * MfaSetupRequired. Steps:
 *  1. auth/Mfa/Start: the QR code (a PNG data URL) and the base32 secret for manual entry;
 *  2. the first 6-digit code, sent to auth/Mfa/Confirm, which turns two-factor on and answers the
 *     10 recovery codes, shown this once with copy and download;
 *  3. "I have saved my recovery codes", then the profile is asked again (no longer required) and
 *     the user goes on to the dashboard.
 * Start is called once per visit (a ref guards React's development double effect); a wrong code
 * keeps the same secret, "Start again" asks for a new one. A user already enrolled is told so and
 * nothing is started: the server refuses a second enrolment (CF409) so that a stolen session
 * cannot swap the authenticator; an administrator's "Reset two-factor" comes first.
 */
import { useEffect, useRef, useState } from 'react';
import { App, Alert, Button, Card, Checkbox, Flex, Form, Input, Space, Spin, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ResponseOf } from '@paydesk/contract';
import { useMfaConfirmMutation, useMfaStartMutation } from '../mfa-api.ts';
import { saveBlob } from '../../../api/download.ts';
import { usePageTitle } from '../../../shared/page-title.ts';
import { runtimeConfig } from '../../../runtime-config.ts';
import { LoadError } from '../../../shared/load-error.tsx';
import { useAppDispatch, useAppSelector } from '../../../store/hooks.ts';
import { refreshProfile } from '../../../store/session.ts';
import '../mfa-texts.ts';

type Enrolment = ResponseOf<'mfaStart'>;

/** The secret in groups of four, as authenticator apps show keys (spaces are ignored on entry). */
export const groupedSecret = (secret: string): string => secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/** The text of the recovery-code file: a heading line, then one code a line. */
export const recoveryFileText = (heading: string, codes: readonly string[]): string => `${heading}\n\n${codes.join('\n')}\n`;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard (insecure origin, denied): the codes stay on screen to be copied by hand.
    return false;
  }
}

function CodeStep({ enrolment, onConfirmed, onRestart }: { enrolment: Enrolment; onConfirmed: (codes: string[]) => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ Code: string }>();
  const [busy, setBusy] = useState(false);
  const [confirmCode] = useMfaConfirmMutation();
  const confirm = async ({ Code }: { Code: string }) => {
    setBusy(true);
    try {
      const answer = await confirmCode({ Code }).unwrap();
      onConfirmed([...answer.RecoveryCodes]);
    } catch {
      // The client showed the server's message; the same secret takes another code.
      form.setFieldValue('Code', '');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ margin: 0 }}>{t('mfa.step1')}</Typography.Paragraph>
      <img src={enrolment.QrDataUrl} alt={t('mfa.qrAlt')} width={200} height={200} style={{ imageRendering: 'pixelated', background: '#fff', padding: 8 }} data-testid="mfa-qr" />
      <div>
        <Typography.Text type="secondary">{t('mfa.manual')}</Typography.Text>
        <Flex align="center" gap={8} wrap>
          <Typography.Text code style={{ fontSize: 16, wordBreak: 'break-all' }} data-testid="mfa-secret">
            {groupedSecret(enrolment.Secret)}
          </Typography.Text>
          <Button size="small" icon={<CopyOutlined />} onClick={() => void copyText(enrolment.Secret).then((ok) => ok && message.success(t('mfa.copied')))}>
            {t('mfa.copyKey')}
          </Button>
        </Flex>
      </div>
      <Form form={form} layout="vertical" onFinish={(v) => void confirm(v)} style={{ maxWidth: 320 }}>
        <Form.Item
          name="Code"
          label={t('mfa.code')}
          extra={t('mfa.step2')}
          normalize={(v: string) => v.replace(/\D/g, '').slice(0, 6)}
          rules={[{ required: true, pattern: /^\d{6}$/, message: t('mfa.codeRequired') }]}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus data-testid="mfa-code" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('mfa.confirm')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={onRestart} disabled={busy}>
            {t('mfa.startAgain')}
          </Button>
        </Space>
      </Form>
    </Flex>
  );
}

function RecoveryStep({ codes, email }: { codes: string[]; email: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const product = runtimeConfig().ProductName;
  const text = recoveryFileText(t('mfa.fileHeading', { email, product }), codes);
  const finish = async () => {
    setBusy(true);
    const ok = await dispatch(refreshProfile());
    setBusy(false);
    if (!ok) return;
    void message.success(t('mfa.turnedOn'));
    navigate('/', { replace: true });
  };
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('mfa.recoveryTitle')}
      </Typography.Title>
      <Alert type="warning" showIcon title={t('mfa.recoveryHelp')} />
      <ol aria-label={t('mfa.recoveryList')} data-testid="mfa-recovery-codes" style={{ columns: 2, maxWidth: 360, fontFamily: 'monospace', fontSize: 16, margin: 0 }}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <Space wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copyText(text).then((ok) => ok && message.success(t('mfa.copied')))}>
          {t('mfa.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), `${product}-recovery-codes.txt`)}>
          {t('mfa.download')}
        </Button>
      </Space>
      <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)}>
        {t('mfa.saved')}
      </Checkbox>
      <div>
        <Button type="primary" disabled={!saved} loading={busy} onClick={() => void finish()}>
          {t('mfa.done')}
        </Button>
      </div>
    </Flex>
  );
}

export default function MfaSetupPage() {
  const { t } = useTranslation();
  const profile = useAppSelector((s) => s.auth.profile);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [failed, setFailed] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const started = useRef(false);
  const [startEnrolment] = useMfaStartMutation();
  usePageTitle(t('mfa.title'));

  const start = async () => {
    setFailed(false);
    setEnrolment(null);
    try {
      setEnrolment(await startEnrolment().unwrap());
    } catch {
      setFailed(true);
    }
  };

  const enrolled = profile?.MfaEnabled === true;
  useEffect(() => {
    if (started.current || enrolled) return;
    started.current = true;
    void start();
    // Once per visit: enrolling (which turns MfaEnabled on) must not start again.
  }, [enrolled]);

  return (
    <Card title={t('mfa.title')} style={{ maxWidth: 640 }}>
      <Flex vertical gap={16}>
        {profile?.MfaSetupRequired && !codes && <Alert type="info" showIcon title={t('mfa.required')} />}
        {codes ? (
          <RecoveryStep codes={codes} email={profile?.Email ?? ''} />
        ) : enrolled ? (
          <Alert type="success" showIcon title={t('mfa.enabled')} data-testid="mfa-enabled" />
        ) : failed ? (
          <LoadError onRetry={() => void start()} />
        ) : enrolment ? (
          <CodeStep enrolment={enrolment} onConfirmed={setCodes} onRestart={() => void start()} />
        ) : (
          <Spin />
        )}
      </Flex>
    </Card>
  );
}
