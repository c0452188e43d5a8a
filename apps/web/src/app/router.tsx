import { Suspense, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BUILT_ROUTES, type BuiltRoute } from './built-routes.tsx';
import { RedirectIfSignedIn, RequirePermission, RequireSession } from './guards.tsx';
import { AppLayout } from './layout.tsx';
import { FullPageSpin, NotFoundPage } from './results.tsx';

const SignInPage = lazy(() => import('../features/auth/pages/sign-in-page.tsx'));

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
    path: '/auth',
    element: (
      <RedirectIfSignedIn>
        <Suspense fallback={<FullPageSpin />}>
          <SignInPage />
        </Suspense>
      </RedirectIfSignedIn>
    ),
  },
  {
    element: <RequireSession />,
    children: [{ path: '/', element: <AppLayout />, children: [...BUILT_ROUTES.map(toRoute), { path: '*', element: <NotFoundPage /> }] }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(APP_ROUTES);
}
