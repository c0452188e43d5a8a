import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../store/hooks.ts';
import { selectHeldPermissions } from '../store/selectors.ts';
import { screenName, usePageTitle } from '../shared/page-title.ts';
import { FullPageSpin } from '../shared/results.tsx';

// antd's Result: loaded with the first refusal (inside the layout's Suspense), not with /auth.
const ForbiddenResult = lazy(() => import('./result-pages.tsx').then((m) => ({ default: m.ForbiddenResult })));

export interface FromState {
  from?: string;
}

/** Where a session that must enrol a second factor is kept (router.tsx MFA_SETUP_PATH). */
const MFA_SETUP = '/mfa-setup';

/**
 * Everything but /auth: a session is required; while it is being restored, wait. A user who holds
 * any group that requires two-factor authentication and has not set it up (the profile's
 * MfaSetupRequired, whichever group is selected; the server refuses everything else with MFA403
 * meanwhile) sees only the enrolment page until it is done.
 */
export function RequireSession() {
  const status = useAppSelector((s) => s.auth.status);
  const mustEnrol = useAppSelector((s) => s.auth.profile?.MfaSetupRequired === true);
  const location = useLocation();
  if (status === 'restoring') return <FullPageSpin />;
  if (status === 'signedIn' && mustEnrol && location.pathname !== MFA_SETUP) return <Navigate to={MFA_SETUP} replace />;
  if (status !== 'signedIn') {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/auth" replace state={from === '/' ? undefined : ({ from } satisfies FromState)} />;
  }
  return <Outlet />;
}

/** Only a path inside the app: never another origin (`//host`) and never /auth itself. */
export function safeReturnPath(from: string | null | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\') || /^\/auth(?:[/?#]|$)/.test(from)) return '/';
  return from;
}

/**
 * A public page `from` names (the server's redirect of a page request without a session), to be
 * shown instead of the sign-in form: /auth/invite with its query. The server serves /auth/invite
 * without a session (platform/web-pages.ts PUBLIC_PAGES); a link redirected here all the same (a
 * server from before that, behind a proxy that rewrites) still goes on to its page.
 */
export function publicPageFrom(from: string | null | undefined): string | null {
  return from && /^\/auth\/invite(?:\?[^#]*)?$/.test(from) ? from : null;
}

/** /auth: a signed-in user goes to where they came from, else the dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const status = useAppSelector((s) => s.auth.status);
  const location = useLocation();
  const publicPage = publicPageFrom(new URLSearchParams(location.search).get('from'));
  if (publicPage) return <Navigate to={publicPage} replace />;
  if (status === 'restoring') return <FullPageSpin />;
  if (status === 'signedIn') {
    // From the guard's state, or `?from=` when the server redirected a page request here.
    const from = (location.state as FromState | null)?.from ?? new URLSearchParams(location.search).get('from');
    return <Navigate to={safeReturnPath(from)} replace />;
  }
  return <>{children}</>;
}

/**
 * Menu hiding is not security (the server checks too), but a screen says plainly when it is not
 * allowed. Every built screen passes here, so this is also where it gets its page title, from its
 * navigation label (the forbidden result titles itself).
 */
export function RequirePermission({ permission, children }: { permission: string | null; children: ReactNode }) {
  const held = useAppSelector(selectHeldPermissions);
  if (permission && !held.has(permission)) return <ForbiddenResult />;
  return <ScreenTitled>{children}</ScreenTitled>;
}

function ScreenTitled({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  usePageTitle(screenName(pathname, t) ?? t('notFound.title'));
  return <>{children}</>;
}
