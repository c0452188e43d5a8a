/**
 * /auth: email and password over the secure channel; the server's message shows on the form.
 *
 * Drawn without antd (first-load budgets: antd's form is ~120 KB brotli of a 150 KB
 * budget): a plain form styled by shared/plain.css with the theme's tokens as CSS variables
 * (plain-theme.ts), so it matches the antd screens in light and dark mode. Accessibility as an
 * antd form gives it: labelled inputs, errors tied to their field (aria-invalid,
 * aria-describedby) and announced (role=alert), focus moved to the first wrong field, a visible
 * focus ring, and the page's one `main` landmark.
 *
 * Two-factor sign-in: when the server answers MFA401 after checking the
 * password, the form asks for the 6-digit code of the user's authenticator app (or, by the link
 * under it, one of the recovery codes) and sends email, password and code again. A page opened
 * from /auth/invite after a password was set says so above the form. "Forgot password?" under
 * the password field opens /auth/forgot-password, which e-mails a reset link.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ERROR_CODES } from '@paydesk/domain';
import '../../../shared/plain.css';
import { usePageTitle } from '../../../shared/page-title.ts';
import { runtimeConfig } from '../../../runtime-config.ts';
import { fieldMessage } from '../../../shared/field-rule.ts';
import { useAppDispatch } from '../../../store/hooks.ts';
import { signIn } from '../../../store/session.ts';

/** The longest email or password the form accepts (the server's text limit). */
const MAX_LENGTH = 250;

/** The answer of a right password when the account needs a second factor. */
export const MFA_REQUIRED_CODE = ERROR_CODES.MFA_CODE_REQUIRED;

/** A TOTP code: six digits (RFC 6238 as the server's otpauth is set up). */
const OTP_PATTERN = /^\d{6}$/;

/** The longest recovery code the form accepts (the server's codes are far shorter). */
const RECOVERY_MAX_LENGTH = 64;

/** What the form asks for after the password: nothing yet, a TOTP code, or a recovery code. */
type SecondFactor = 'none' | 'otp' | 'recovery';

/** The state /auth/invite navigates here with once a password is set. */
export interface SignInNotice {
  passwordSet?: boolean;
}

interface FieldErrors {
  email?: string;
  password?: string;
  code?: string;
}

/** The code field's message for `value` under `factor`, or undefined when it may be sent. */
export function secondFactorError(factor: SecondFactor, value: string, t: (key: string) => string): string | undefined {
  if (factor === 'otp') return OTP_PATTERN.test(value) ? undefined : t('login.otpRequired');
  if (factor === 'recovery') return value.trim() === '' ? t('login.recoveryRequired') : undefined;
  return undefined;
}

export default function SignInPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [factor, setFactor] = useState<SecondFactor>('none');
  const [code, setCode] = useState('');
  const passwordSet = (location.state as SignInNotice | null)?.passwordSet === true;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const product = runtimeConfig().ProductName;
  usePageTitle(t('login.pageTitle'));

  /** The email's message: required, then §5 email (the validator the server uses too). */
  const emailError = async (value: string): Promise<string | undefined> => {
    if (value.trim() === '') return t('login.emailRequired');
    // Should the validator's chunk not load, the server still checks the address.
    return (await fieldMessage('email', value.trim()).catch(() => null)) ?? undefined;
  };
  const passwordError = (value: string): string | undefined => (value === '' ? t('login.passwordRequired') : undefined);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found: FieldErrors = { email: await emailError(email), password: passwordError(password), code: secondFactorError(factor, code, t) };
    setErrors(found);
    if (found.email || found.password || found.code) {
      (found.email ? emailRef : found.password ? passwordRef : codeRef).current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    const second = factor === 'otp' ? { OtpCode: code } : factor === 'recovery' ? { RecoveryCode: code.trim() } : {};
    const verdict = await dispatch(signIn({ Email: email.trim(), Password: password, ...second }));
    // On success this page unmounts (the guard sends the user on).
    if (verdict) {
      setBusy(false);
      if (verdict.code === MFA_REQUIRED_CODE && factor === 'none') {
        // The password was right: the second step is a field of its own, not an error.
        setFactor('otp');
        setFailure(null);
        requestAnimationFrame(() => codeRef.current?.focus());
        return;
      }
      setFailure(verdict.messages.length > 0 ? verdict.messages : null);
      if (factor !== 'none') codeRef.current?.select();
    }
  };

  /** Between the authenticator's code and a recovery code: the other field, empty and focused. */
  const switchFactor = (next: SecondFactor) => {
    setFactor(next);
    setCode('');
    setErrors((prev) => ({ ...prev, code: undefined }));
    requestAnimationFrame(() => codeRef.current?.focus());
  };

  const emailErrorId = `${id}-email-error`;
  const passwordErrorId = `${id}-password-error`;
  const codeErrorId = `${id}-code-error`;
  const codeHintId = `${id}-code-hint`;

  return (
    // The page's one landmark: screen-reader users jump straight to the form.
    <main className="pd-signin">
      <div className="pd-card">
        <div className="pd-signin-head">
          <h1 className="pd-signin-title">{t('login.title', { product })}</h1>
          <p className="pd-text-secondary">{t('login.subtitle')}</p>
        </div>
        {passwordSet && !failure && (
          <div className="pd-note" role="status">
            {t('login.passwordSet')}
          </div>
        )}
        {failure && (
          <div className="pd-alert" role="alert">
            <span className="pd-alert-icon" aria-hidden="true">
              !
            </span>
            <div>
              <div>{failure.length === 1 ? failure[0] : t('login.failed')}</div>
              {failure.length > 1 && (
                <ul className="pd-alert-list">
                  {failure.map((m, i) => (
                    <li key={i}>{m}</li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}
        <form noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
          <div className="pd-field">
            <label className="pd-label" htmlFor={`${id}-email`}>
              {t('login.email')}
            </label>
            <input
              ref={emailRef}
              id={`${id}-email`}
              className="pd-input"
              type="email"
              name="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              onBlur={() => void emailError(email).then((m) => setErrors((prev) => ({ ...prev, email: m })))}
              autoComplete="username"
              inputMode="email"
              // The page exists to take this input; autofocus spares a click (as antd's form did).
              autoFocus
              maxLength={MAX_LENGTH}
              readOnly={busy}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? emailErrorId : undefined}
            />
            {errors.email && (
              <div id={emailErrorId} className="pd-field-error" role="alert">
                {errors.email}
              </div>
            )}
          </div>
          <div className="pd-field">
            <label className="pd-label" htmlFor={`${id}-password`}>
              {t('login.password')}
            </label>
            <input
              ref={passwordRef}
              id={`${id}-password`}
              className="pd-input"
              type="password"
              name="password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                // As antd's form did: the required message follows the value as it is typed.
                if (errors.password || e.target.value === '') setErrors((prev) => ({ ...prev, password: passwordError(e.target.value) }));
              }}
              autoComplete="current-password"
              maxLength={MAX_LENGTH}
              readOnly={busy}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? passwordErrorId : undefined}
            />
            {errors.password && (
              <div id={passwordErrorId} className="pd-field-error" role="alert">
                {errors.password}
              </div>
            )}
            {/* No focus change on press: the autofocused e-mail's blur check would add its message
                above the link between press and release, moving the link from under the pointer. */}
            <Link to="/auth/forgot-password" className="pd-link-button" onMouseDown={(e) => e.preventDefault()}>
              {t('login.forgotPassword')}
            </Link>
          </div>
          {factor !== 'none' && (
            <div className="pd-field">
              <label className="pd-label" htmlFor={`${id}-code`}>
                {t(factor === 'otp' ? 'login.otpCode' : 'login.recoveryCode')}
              </label>
              <p id={codeHintId} className="pd-text-secondary pd-hint">
                {t(factor === 'otp' ? 'login.otpHint' : 'login.recoveryHint')}
              </p>
              <input
                ref={codeRef}
                // A new element per kind: the browser's one-time-code autofill binds to the OTP field only.
                key={factor}
                id={`${id}-code`}
                className="pd-input"
                type="text"
                name={factor === 'otp' ? 'otp' : 'recovery'}
                value={code}
                onChange={(e) => {
                  const value = factor === 'otp' ? e.target.value.replace(/\D/g, '').slice(0, 6) : e.target.value;
                  setCode(value);
                  if (errors.code) setErrors((prev) => ({ ...prev, code: secondFactorError(factor, value, t) }));
                }}
                autoComplete={factor === 'otp' ? 'one-time-code' : 'off'}
                inputMode={factor === 'otp' ? 'numeric' : 'text'}
                pattern={factor === 'otp' ? '[0-9]{6}' : undefined}
                maxLength={factor === 'otp' ? 6 : RECOVERY_MAX_LENGTH}
                spellCheck={false}
                readOnly={busy}
                aria-invalid={errors.code ? true : undefined}
                aria-describedby={errors.code ? `${codeHintId} ${codeErrorId}` : codeHintId}
              />
              {errors.code && (
                <div id={codeErrorId} className="pd-field-error" role="alert">
                  {errors.code}
                </div>
              )}
              <button type="button" className="pd-link-button" onClick={() => switchFactor(factor === 'otp' ? 'recovery' : 'otp')}>
                {t(factor === 'otp' ? 'login.useRecovery' : 'login.useOtp')}
              </button>
            </div>
          )}
          <button type="submit" className="pd-button pd-button-primary pd-button-block" aria-disabled={busy || undefined}>
            {busy && <span className="pd-spin-ring pd-spin-inline" aria-hidden="true" />}
            {t('login.submit')}
          </button>
        </form>
      </div>
    </main>
  );
}
