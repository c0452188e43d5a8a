/**
 * /auth/invite?token=…: an invited user (purpose INVITE) or one whose password was reset (purpose
 * RESET) sets a password from the e-mailed link. The page checks the token
 * (auth/Token/Check: the e-mail, the purpose and the live password policy), asks for the new
 * password twice with the policy shown, and sends it (auth/Token/SetPassword); the server's
 * multi-line Password message (§8, every broken rule) shows as a list. On success the user goes
 * to /auth, which says the password is set.
 *
 * Public and drawn without antd, like the sign-in page (first-load budgets): plain
 * elements styled by shared/plain.css, labelled inputs, errors tied to their field and announced.
 * Both calls are mutations of the shared file and post module (store/file-api.ts), which brings
 * RTK Query along with this page's chunk (the sign-in page still does without it).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { ResponseOf } from '@paydesk/contract';
import '../../../shared/plain.css';
import { usePageTitle } from '../../../shared/page-title.ts';
import { FullPageSpin } from '../../../shared/results.tsx';
import { useTokenCheckMutation, useTokenSetPasswordMutation } from '../../../store/file-api.ts';
import { passwordRuleErrors, type PasswordPolicy } from '../password-rules.ts';
import type { SignInNotice } from './sign-in-page.tsx';
import '../invite-texts.ts';

type TokenInfo = ResponseOf<'tokenCheck'>;

type Check = { state: 'checking' } | { state: 'refused'; messages: string[] } | { state: 'ready'; info: TokenInfo };

interface FieldErrors {
  password?: string;
  confirm?: string;
}

/** The server's failure lines, or the page's own when there were none. */
function failureLines(messages: readonly string[], fallback: string): string[] {
  return messages.length > 0 ? [...messages] : [fallback];
}

function Alert({ lines, title }: { lines: readonly string[]; title: string }) {
  return (
    <div className="pd-alert" role="alert">
      <span className="pd-alert-icon" aria-hidden="true">
        !
      </span>
      <div>
        <div>{lines.length === 1 ? lines[0] : title}</div>
        {lines.length > 1 && (
          <ul className="pd-alert-list" data-testid="invite-failure-list">
            {lines.map((m, i) => (
              <li key={i}>{m}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

export default function InvitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const id = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [checkToken] = useTokenCheckMutation();
  const [setNewPassword] = useTokenSetPasswordMutation();
  usePageTitle(t('invite.pageTitle'));

  useEffect(() => {
    if (token === '') {
      setCheck({ state: 'refused', messages: [t('invite.noToken')] });
      return;
    }
    let live = true;
    let messages: readonly string[] = [];
    checkToken({ body: { Token: token }, options: { silent: true, onFailure: (v) => (messages = v.messages) } })
      .unwrap()
      .then(
        (info) => live && setCheck({ state: 'ready', info }),
        () => live && setCheck({ state: 'refused', messages: failureLines(messages, t('invite.noToken')) }),
      );
    return () => {
      live = false;
    };
    // The token is the page's one input: a change of language does not check it again.
  }, [token]);

  if (check.state === 'checking') return <FullPageSpin />;

  if (check.state === 'refused')
    return (
      <main className="pd-signin">
        <div className="pd-card">
          <div className="pd-signin-head">
            <h1 className="pd-signin-title">{t('invite.pageTitle')}</h1>
          </div>
          <Alert lines={check.messages} title={t('invite.failed')} />
          <Link to="/auth" className="pd-link-button">
            {t('invite.toSignIn')}
          </Link>
        </div>
      </main>
    );

  const info = check.info;
  const policy: PasswordPolicy = { minLength: info.MinLength, maxLength: info.MaxLength, requireSymbol: info.RequireSymbol };

  const passwordError = (value: string): string | undefined => {
    if (value === '') return t('invite.passwordRequired');
    const [first] = passwordRuleErrors(value, policy);
    if (first === 'length') return [...value].length > policy.maxLength ? t('invite.tooLong', { max: policy.maxLength }) : t('invite.tooShort', { min: policy.minLength });
    if (first === 'lettersDigits') return t('invite.needsLettersDigits');
    if (first === 'symbol') return t('invite.needsSymbol');
    return undefined;
  };
  const confirmError = (value: string, first: string): string | undefined => (value !== first ? t('invite.mismatch') : undefined);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found: FieldErrors = { password: passwordError(password), confirm: confirmError(confirm, password) };
    setErrors(found);
    if (found.password || found.confirm) {
      (found.password ? passwordRef : confirmRef).current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    let messages: readonly string[] = [];
    try {
      await setNewPassword({ body: { Token: token, Password: password }, options: { silent: true, onFailure: (v) => (messages = v.messages) } }).unwrap();
    } catch {
      setBusy(false);
      setFailure(failureLines(messages, t('invite.failed')));
      passwordRef.current?.focus();
      return;
    }
    navigate('/auth', { replace: true, state: { passwordSet: true } satisfies SignInNotice });
  };

  const passwordErrorId = `${id}-password-error`;
  const confirmErrorId = `${id}-confirm-error`;
  const rulesId = `${id}-rules`;

  return (
    <main className="pd-signin">
      <div className="pd-card">
        <div className="pd-signin-head">
          <h1 className="pd-signin-title">{info.Purpose === 'RESET' ? t('invite.titleReset') : t('invite.titleInvite', { name: info.NickName })}</h1>
          <p className="pd-text-secondary">{t('invite.subtitle', { email: info.Email })}</p>
        </div>
        {failure && <Alert lines={failure} title={t('invite.failed')} />}
        <form noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
          {/* The account's name for password managers, which save the new password under it. */}
          <input type="email" name="username" autoComplete="username" value={info.Email} readOnly hidden />
          <div className="pd-field">
            <label className="pd-label" htmlFor={`${id}-password`}>
              {t('invite.newPassword')}
            </label>
            <div id={rulesId}>
              <p className="pd-text-secondary pd-hint">{t('invite.rulesTitle')}</p>
              <ul className="pd-rules">
                <li>{t('invite.ruleLength', { min: policy.minLength, max: policy.maxLength })}</li>
                <li>{t('invite.ruleLettersDigits')}</li>
                {policy.requireSymbol && <li>{t('invite.ruleSymbol')}</li>}
              </ul>
            </div>
            <input
              ref={passwordRef}
              id={`${id}-password`}
              className="pd-input"
              type="password"
              name="new-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                if (errors.password) setErrors((prev) => ({ ...prev, password: passwordError(e.target.value) }));
              }}
              autoComplete="new-password"
              autoFocus
              maxLength={policy.maxLength}
              readOnly={busy}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? `${rulesId} ${passwordErrorId}` : rulesId}
            />
            {errors.password && (
              <div id={passwordErrorId} className="pd-field-error" role="alert">
                {errors.password}
              </div>
            )}
          </div>
          <div className="pd-field">
            <label className="pd-label" htmlFor={`${id}-confirm`}>
              {t('invite.confirmPassword')}
            </label>
            <input
              ref={confirmRef}
              id={`${id}-confirm`}
              className="pd-input"
              type="password"
              name="confirm-password"
              value={confirm}
              onChange={(e) => {
                setConfirm(e.target.value);
                if (errors.confirm) setErrors((prev) => ({ ...prev, confirm: confirmError(e.target.value, password) }));
              }}
              autoComplete="new-password"
              maxLength={policy.maxLength}
              readOnly={busy}
              aria-invalid={errors.confirm ? true : undefined}
              aria-describedby={errors.confirm ? confirmErrorId : undefined}
            />
            {errors.confirm && (
              <div id={confirmErrorId} className="pd-field-error" role="alert">
                {errors.confirm}
              </div>
            )}
          </div>
          <button type="submit" className="pd-button pd-button-primary pd-button-block" aria-disabled={busy || undefined}>
            {busy && <span className="pd-spin-ring pd-spin-inline" aria-hidden="true" />}
            {t('invite.submit')}
          </button>
        </form>
      </div>
    </main>
  );
}
