/**
 * /auth: email and password over the secure channel; the server's message shows on the form.
 *
 * Drawn without antd (issue 9, first-load budgets: antd's form is ~120 KB brotli of a 150 KB
 * budget): a plain form styled by app/plain.css with the theme's tokens as CSS variables
 * (plain-theme.ts), so it matches the antd screens in light and dark mode. Accessibility as an
 * antd form gives it: labelled inputs, errors tied to their field (aria-invalid,
 * aria-describedby) and announced (role=alert), focus moved to the first wrong field, a visible
 * focus ring, and the page's one `main` landmark.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../app/plain.css';
import { usePageTitle } from '../../../app/page-title.ts';
import { runtimeConfig } from '../../../runtime-config.ts';
import { fieldMessage } from '../../../shared/field-rule.ts';
import { useAppDispatch } from '../../../store/hooks.ts';
import { signIn } from '../../../store/session.ts';

/** The longest email or password the form accepts (the server's text limit). */
const MAX_LENGTH = 250;

interface FieldErrors {
  email?: string;
  password?: string;
}

export default function SignInPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
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
    const found: FieldErrors = { email: await emailError(email), password: passwordError(password) };
    setErrors(found);
    if (found.email || found.password) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    const verdict = await dispatch(signIn({ Email: email.trim(), Password: password }));
    // On success this page unmounts (the guard sends the user on).
    if (verdict) {
      setBusy(false);
      setFailure(verdict.messages.length > 0 ? verdict.messages : null);
    }
  };

  const emailErrorId = `${id}-email-error`;
  const passwordErrorId = `${id}-password-error`;

  return (
    // The page's one landmark: screen-reader users jump straight to the form.
    <main className="pd-signin">
      <div className="pd-card">
        <div className="pd-signin-head">
          <h1 className="pd-signin-title">{t('login.title', { product })}</h1>
          <p className="pd-text-secondary">{t('login.subtitle')}</p>
        </div>
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
          </div>
          <button type="submit" className="pd-button pd-button-primary pd-button-block" aria-disabled={busy || undefined}>
            {busy && <span className="pd-spin-ring pd-spin-inline" aria-hidden="true" />}
            {t('login.submit')}
          </button>
        </form>
      </div>
    </main>
  );
}
