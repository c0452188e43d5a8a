/**
 * /auth/forgot-password: a user who forgot the password asks for a reset link by e-mail
 * (auth/ForgotPassword). The e-mail is checked like the sign-in form's (required, §5 email); after
 * sending, the page says the same neutral words whatever the server found (it answers every
 * e-mail alike, so nothing here tells whether an account exists), with a way back to sign-in.
 * The e-mailed link opens /auth/invite, which sets the new password.
 *
 * Public and drawn without antd, like the sign-in and invite pages (first-load budgets): plain
 * elements styled by shared/plain.css, a labelled input, errors tied to their field and announced.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ERROR_CODES } from '@paydesk/domain';
import '../../../shared/plain.css';
import { fieldMessage } from '../../../shared/field-rule.ts';
import { usePageTitle } from '../../../shared/page-title.ts';
import { useForgotPasswordMutation } from '../../../store/file-api.ts';
import '../password-texts.ts';

/** The longest e-mail the form accepts (the server's text limit). */
const MAX_LENGTH = 250;

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [requestLink] = useForgotPasswordMutation();
  usePageTitle(t('forgot.pageTitle'));

  /** The email's message: required, then §5 email (the validator the server uses too). */
  const emailError = async (value: string): Promise<string | undefined> => {
    if (value.trim() === '') return t('forgot.emailRequired');
    return (await fieldMessage('email', value.trim()).catch(() => null)) ?? undefined;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = await emailError(email);
    setError(found);
    if (found) {
      emailRef.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    let verdict: { code: string | null; messages: readonly string[] } = { code: null, messages: [] };
    try {
      await requestLink({ body: { Email: email.trim() }, options: { silent: true, onFailure: (v) => (verdict = v) } }).unwrap();
    } catch {
      setBusy(false);
      setFailure(verdict.code === ERROR_CODES.RATE_LIMITED ? [t('forgot.tooMany')] : verdict.messages.length > 0 ? [...verdict.messages] : [t('forgot.failed')]);
      emailRef.current?.focus();
      return;
    }
    setBusy(false);
    setSentTo(email.trim());
  };

  const errorId = `${id}-email-error`;

  return (
    <main className="pd-signin">
      <div className="pd-card">
        <div className="pd-signin-head">
          <h1 className="pd-signin-title">{sentTo === null ? t('forgot.pageTitle') : t('forgot.sentTitle')}</h1>
          {sentTo === null && <p className="pd-text-secondary">{t('forgot.intro')}</p>}
        </div>
        {sentTo !== null ? (
          <>
            <div className="pd-note" role="status">
              {t('forgot.sent', { email: sentTo })}
            </div>
            <p className="pd-text-secondary">{t('forgot.sentHint')}</p>
          </>
        ) : (
          <>
            {failure && (
              <div className="pd-alert" role="alert">
                <span className="pd-alert-icon" aria-hidden="true">
                  !
                </span>
                <div>
                  <div>{failure.length === 1 ? failure[0] : t('forgot.failed')}</div>
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
                  {t('forgot.email')}
                </label>
                <input
                  ref={emailRef}
                  id={`${id}-email`}
                  className="pd-input"
                  type="email"
                  name="email"
                  value={email}
                  onChange={(e) => {
                    setEmail(e.target.value);
                    if (error) void emailError(e.target.value).then(setError);
                  }}
                  autoComplete="username"
                  inputMode="email"
                  autoFocus
                  maxLength={MAX_LENGTH}
                  readOnly={busy}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                />
                {error && (
                  <div id={errorId} className="pd-field-error" role="alert">
                    {error}
                  </div>
                )}
              </div>
              <button type="submit" className="pd-button pd-button-primary pd-button-block" aria-disabled={busy || undefined}>
                {busy && <span className="pd-spin-ring pd-spin-inline" aria-hidden="true" />}
                {t('forgot.submit')}
              </button>
            </form>
          </>
        )}
        <Link to="/auth" className="pd-link-button">
          {t('forgot.toSignIn')}
        </Link>
      </div>
    </main>
  );
}
