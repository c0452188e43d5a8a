/**
 * /change-password: the signed-in user changes the password (the header's user menu). The form
 * asks for the current password and the new one twice, shows the live password policy
 * (auth/GetPasswordPolicy) as the invite page does and checks it before sending
 * (password-rules.ts, the server's rules); auth/ChangePassword decides. Every outcome is a message
 * in place: a wrong current password and a new one equal to it at their fields, too many attempts
 * and any other refusal (the policy's lines, §8) above the form, success as a note; the server
 * then has signed the user's other sessions out, this one stays.
 */
import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@paydesk/domain';
import { LoadError } from '../../../shared/load-error.tsx';
import { usePageTitle } from '../../../shared/page-title.ts';
import { useAppSelector } from '../../../store/hooks.ts';
import { useChangePasswordMutation, usePasswordPolicyQuery } from '../password-api.ts';
import { passwordRuleErrors, type PasswordPolicy } from '../password-rules.ts';
import '../invite-texts.ts';
import '../password-texts.ts';

interface Values {
  CurrentPassword: string;
  NewPassword: string;
  Confirm: string;
}

/** What the page shows above the form after a submission. */
type Outcome = { kind: 'done' } | { kind: 'failed'; lines: string[] } | null;

/** The field a refusal names (`Field: message`, platform/errors.ts badInput), if one of the form's. */
export function refusedField(message: string | undefined): 'CurrentPassword' | 'NewPassword' | null {
  const field = message?.match(/^(CurrentPassword|NewPassword):/)?.[1];
  return field === 'CurrentPassword' || field === 'NewPassword' ? field : null;
}

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const policyQuery = usePasswordPolicyQuery(undefined, { refetchOnMountOrArgChange: true });
  const [change] = useChangePasswordMutation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const email = useAppSelector((s) => s.auth.profile?.Email ?? '');
  usePageTitle(t('changePassword.title'));

  if (policyQuery.isError) return <LoadError onRetry={() => void policyQuery.refetch()} />;
  if (!policyQuery.data) return <Spin />;
  const p = policyQuery.data;
  const policy: PasswordPolicy = { minLength: p.MinLength, maxLength: p.MaxLength, requireSymbol: p.RequireSymbol };

  /** The new password's first broken rule as the invite page words it, or undefined. */
  const newPasswordError = (value: string): string | undefined => {
    const [first] = passwordRuleErrors(value, policy);
    if (first === 'length') return [...value].length > policy.maxLength ? t('invite.tooLong', { max: policy.maxLength }) : t('invite.tooShort', { min: policy.minLength });
    if (first === 'lettersDigits') return t('invite.needsLettersDigits');
    if (first === 'symbol') return t('invite.needsSymbol');
    return undefined;
  };

  const submit = async (values: Values) => {
    setBusy(true);
    setOutcome(null);
    let verdict: { code: string | null; messages: readonly string[] } = { code: null, messages: [] };
    try {
      await change({
        body: { CurrentPassword: values.CurrentPassword, NewPassword: values.NewPassword },
        options: { silent: true, onFailure: (v) => (verdict = v) },
      }).unwrap();
      form.resetFields();
      setOutcome({ kind: 'done' });
    } catch {
      const field = refusedField(verdict.messages[0]);
      if (verdict.code === ERROR_CODES.VALIDATION && field === 'CurrentPassword') {
        form.setFields([{ name: 'CurrentPassword', errors: [t('changePassword.wrongCurrent')] }]);
        form.getFieldInstance('CurrentPassword')?.focus?.();
      } else if (verdict.code === ERROR_CODES.VALIDATION && field === 'NewPassword') {
        form.setFields([{ name: 'NewPassword', errors: [t('changePassword.mustDiffer')] }]);
      } else if (verdict.code === ERROR_CODES.RATE_LIMITED) {
        setOutcome({ kind: 'failed', lines: [t('changePassword.tooMany')] });
      } else {
        setOutcome({ kind: 'failed', lines: verdict.messages.length > 0 ? [...verdict.messages] : [t('changePassword.failed')] });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('changePassword.title')} style={{ maxWidth: 560 }}>
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('changePassword.intro')}</Typography.Paragraph>
        {outcome?.kind === 'done' && <Alert type="success" showIcon title={t('changePassword.done')} role="status" data-testid="password-changed" />}
        {outcome?.kind === 'failed' && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={outcome.lines.length === 1 ? outcome.lines[0] : t('changePassword.failed')}
            description={
              outcome.lines.length > 1 ? (
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {outcome.lines.map((line, i) => (
                    <li key={i}>{line}</li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        )}
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={busy} requiredMark={false}>
          {/* The account's name for password managers, which save the new password under it. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <Form.Item name="CurrentPassword" label={t('changePassword.current')} rules={[{ required: true, message: t('changePassword.currentRequired') }]}>
            <Input.Password autoComplete="current-password" maxLength={1000} autoFocus />
          </Form.Item>
          <Form.Item
            name="NewPassword"
            label={t('invite.newPassword')}
            extra={
              <div>
                <span>{t('invite.rulesTitle')}</span>
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  <li>{t('invite.ruleLength', { min: policy.minLength, max: policy.maxLength })}</li>
                  <li>{t('invite.ruleLettersDigits')}</li>
                  {policy.requireSymbol && <li>{t('invite.ruleSymbol')}</li>}
                </ul>
              </div>
            }
            dependencies={['CurrentPassword']}
            rules={[
              { required: true, message: t('invite.passwordRequired') },
              {
                validator: async (_rule, value: string | undefined) => {
                  if (!value) return;
                  const broken = newPasswordError(value);
                  if (broken) throw new Error(broken);
                  if (value === form.getFieldValue('CurrentPassword')) throw new Error(t('changePassword.mustDiffer'));
                },
              },
            ]}
          >
            <Input.Password autoComplete="new-password" maxLength={policy.maxLength} />
          </Form.Item>
          <Form.Item
            name="Confirm"
            label={t('invite.confirmPassword')}
            dependencies={['NewPassword']}
            rules={[
              { required: true, message: t('invite.passwordRequired') },
              {
                validator: async (_rule, value: string | undefined) => {
                  if (value && value !== form.getFieldValue('NewPassword')) throw new Error(t('invite.mismatch'));
                },
              },
            ]}
          >
            <Input.Password autoComplete="new-password" maxLength={policy.maxLength} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('changePassword.submit')}
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}
