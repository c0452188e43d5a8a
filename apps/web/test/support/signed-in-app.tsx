/**
 * The whole app (store, session flows, router, guards, layout, screens) signed in on the real test
 * server and rendered at a path, as main.tsx starts it.
 */
import { StrictMode } from 'react';
import { expect } from 'vitest';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { Root } from '../../src/app/root.tsx';
import { APP_ROUTES } from '../../src/app/router.tsx';
import { startApp } from '../../src/app/start.ts';
import type { AppStore } from '../../src/store/index.ts';
import { signIn } from '../../src/store/session.ts';
import { PASSWORD, configOf, type TestServer } from './real-server.ts';

export async function renderSignedIn(server: TestServer, path: string, email = 'admin@paydesk.my'): Promise<{ store: AppStore; router: ReturnType<typeof createMemoryRouter> }> {
  const store = await startApp(await configOf(server));
  expect(await store.dispatch(signIn({ Email: email, Password: PASSWORD }))).toBeNull();
  const router = createMemoryRouter(APP_ROUTES, { initialEntries: [path] });
  render(
    <StrictMode>
      <Root store={store} router={router} />
    </StrictMode>,
  );
  return { store, router };
}
