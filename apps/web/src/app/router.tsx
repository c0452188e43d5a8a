/**
 * The route table: /auth, and every built screen inside the signed-in layout.
 *
 * Only what /auth needs is in the entry chunk (first-load budgets): the sign-in page is
 * a lazy chunk of its own, and the layout (header, menu, user-group switcher …) and every screen
 * are lazy chunks /auth never loads; once a session exists (or is being restored) the layout's
 * chunk and the first screen's load in parallel (`preloadScreen`, called by main.tsx).
 */
import { Suspense, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BUILT_ROUTES, type BuiltRoute } from './built-routes.tsx';
import { RedirectIfSignedIn, RequirePermission, RequireSession } from './guards.tsx';
import { FullPageSpin } from '../shared/results.tsx';
import { LOG_INGEST_KEYS_PATH } from '../features/log-ingest-keys/paths.ts';

type SignInModule = typeof import('../features/auth/pages/sign-in-page.tsx');
/** The sign-in page's module once fetched: then it renders at once, without a Suspense pass. */
let signInModule: SignInModule | null = null;
const loadSignIn = () => import('../features/auth/pages/sign-in-page.tsx').then((m) => (signInModule = m));
const LazySignInPage = lazy(loadSignIn);

/**
 * The sign-in page, directly when its chunk is already here (main.tsx fetches it at boot), else
 * lazily. React shows a suspended boundary's content no sooner than 300 ms after its fallback, so
 * a lazy first render would put the spinner, not the form, on screen for that long (LCP).
 */
function SignInRoute() {
  const Page = signInModule?.default;
  if (Page) return <Page />;
  return (
    <Suspense fallback={<FullPageSpin />}>
      <LazySignInPage />
    </Suspense>
  );
}
// The layout inside antd's providers (antd-frame.tsx): antd loads with it, not with /auth.
const loadLayout = () => import('./antd-frame.tsx');
const AppLayout = lazy(() => loadLayout().then((m) => ({ default: m.AntdFrame })));
const NotFoundPage = lazy(() => import('./result-pages.tsx').then((m) => ({ default: m.NotFoundPage })));
// The public set-password page of an invite or reset link (plain, like /auth),
// and the signed-in two-factor enrolment (antd, inside the layout; no menu entry, so not a BUILT_ROUTE).
const InvitePage = lazy(() => import('../features/auth/pages/invite-page.tsx'));
const MfaSetupPage = lazy(() => import('../features/auth/pages/mfa-setup-page.tsx'));
// The public page asking for a password reset link (plain, like /auth), and the signed-in
// user's password change (antd, inside the layout, reached from the user menu).
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/forgot-password-page.tsx'));
const ChangePasswordPage = lazy(() => import('../features/auth/pages/change-password-page.tsx'));
// The signed-in user's own export history (antd, inside the layout, reached from the user menu),
// given the links that reopen an export's screen (export-links.ts: they need other features' URL forms).
const MyExportsPage = lazy(() =>
  Promise.all([import('../features/my-exports/my-exports-page.tsx'), import('./export-links.ts')]).then(([page, links]) => ({
    default: () => <page.MyExportsPage linkOf={links.exportRunLink} />,
  })),
);

// The log ingest keys (issue 30 item 4): no menu entry (its permission is appended to the
// catalogue), reached from the OTLP sources' log screens; the page checks logfiles:ingestkeys itself.
const LogIngestKeysPage = lazy(() => import('../features/log-ingest-keys/pages/ingest-keys-page.tsx'));

/** Where a session that must enrol a second factor first is sent (ProfileResponse MfaSetupRequired). */
export const MFA_SETUP_PATH = '/mfa-setup';

/** The signed-in user's own password change (the header's user menu). */
export const CHANGE_PASSWORD_PATH = '/change-password';

/**
 * The signed-in user's own export history (the header's user menu, issue 29 item 8). Not a
 * BUILT_ROUTE: no §2 navigation entry names it and it needs no permission (each user reads only
 * their own exports), so it is no side-menu screen, like the password and two-factor pages.
 */
export const MY_EXPORTS_PATH = '/my-exports';

/** The built screen at `pathname` (a screen's own path or one below it, e.g. a detail), if any. */
export function builtRouteAt(pathname: string): BuiltRoute | undefined {
  return BUILT_ROUTES.find((r) => (r.path === '/' ? pathname === '/' : pathname === r.path || pathname.startsWith(`${r.path}/`)));
}

/**
 * Starts fetching the signed-in layout and the screen at `pathname` (the dashboard for /auth and
 * unknown paths) while the session is being restored or signed in, so that the chunks arrive
 * with the profile instead of one after the other once it has. Fire and forget: a failed fetch
 * shows when the screen renders (React.lazy asks again).
 */
export function preloadScreen(pathname: string): void {
  const route = builtRouteAt(pathname) ?? builtRouteAt('/');
  void Promise.allSettled([loadLayout(), route?.preload()]);
}

/**
 * Starts fetching the sign-in page's chunk at boot, before the configuration and the store are
 * ready (main.tsx, when no session is to be restored), so that it is not one more round trip
 * after the first render. Resolves once it has arrived, or failed to (the route then
 * asks again lazily).
 */
export function preloadSignIn(): Promise<void> {
  return loadSignIn().then(
    () => undefined,
    () => undefined,
  );
}

function toRoute({ path, permission, Page, children = [] }: BuiltRoute): RouteObject {
  const element = (
    <RequirePermission permission={permission}>
      <Page />
    </RequirePermission>
  );
  const nested = children.map((child): RouteObject => ({ path: child, element: null }));
  return path === '/' ? { index: true, element } : { path: path.slice(1), element, children: nested };
}

export const APP_ROUTES: RouteObject[] = [
  {
    // Served whether or not someone is signed in on this browser: the link is the invitee's.
    path: '/auth/invite',
    element: (
      <Suspense fallback={<FullPageSpin />}>
        <InvitePage />
      </Suspense>
    ),
  },
  {
    // Public: asking for a reset link needs no session (served without one: web-pages.ts).
    path: '/auth/forgot-password',
    element: (
      <Suspense fallback={<FullPageSpin />}>
        <ForgotPasswordPage />
      </Suspense>
    ),
  },
  {
    path: '/auth',
    element: (
      <RedirectIfSignedIn>
        <SignInRoute />
      </RedirectIfSignedIn>
    ),
  },
  {
    element: <RequireSession />,
    children: [
      {
        path: '/',
        element: (
          <Suspense fallback={<FullPageSpin />}>
            <AppLayout />
          </Suspense>
        ),
        children: [...BUILT_ROUTES.map(toRoute), { path: MFA_SETUP_PATH.slice(1), element: <MfaSetupPage /> }, { path: CHANGE_PASSWORD_PATH.slice(1), element: <ChangePasswordPage /> }, { path: MY_EXPORTS_PATH.slice(1), element: <MyExportsPage /> }, { path: LOG_INGEST_KEYS_PATH.slice(1), element: <LogIngestKeysPage /> }, { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(APP_ROUTES);
}
