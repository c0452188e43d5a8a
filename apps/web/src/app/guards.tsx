import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../store/hooks.ts';
import { selectHeldPermissions } from '../store/selectors.ts';
import { FullPageSpin, ForbiddenResult } from './results.tsx';

export interface FromState {
  from?: string;
}

/** Everything but /auth: a session is required; while it is being restored, wait. */
export function RequireSession() {
  const status = useAppSelector((s) => s.auth.status);
  const location = useLocation();
  if (status === 'restoring') return <FullPageSpin />;
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

/** /auth: a signed-in user goes to where they came from, else the dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const status = useAppSelector((s) => s.auth.status);
  const location = useLocation();
  if (status === 'restoring') return <FullPageSpin />;
  if (status === 'signedIn') {
    // From the guard's state, or `?from=` when the server redirected a page request here.
    const from = (location.state as FromState | null)?.from ?? new URLSearchParams(location.search).get('from');
    return <Navigate to={safeReturnPath(from)} replace />;
  }
  return <>{children}</>;
}

/** Menu hiding is not security (the server checks too), but a screen says plainly when it is not allowed. */
export function RequirePermission({ permission, children }: { permission: string | null; children: ReactNode }) {
  const held = useAppSelector(selectHeldPermissions);
  if (permission && !held.has(permission)) return <ForbiddenResult />;
  return <>{children}</>;
}
