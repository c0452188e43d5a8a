/**
 * The hooks of a page test on the real server: one server with demo data (`transactions`), the
 * admin's own client for asking the server directly, the page modules loaded once (`load`), and
 * for every test a clean localStorage, a count of the app's requests (none may be left under way
 * at its end) and an unmounted DOM afterwards. Call at the top of a test file; read the fields
 * inside tests (they are set by the hooks).
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import type { PortalClient } from '@paydesk/contract';
import { countFetches, startTestServer, type TestServer, type Traffic } from './real-server.ts';

export interface PageSession {
  server: TestServer;
  /** The SUPERADMIN's client, for what the server answers without the app. */
  direct: PortalClient;
  /** The current test's requests. */
  traffic: Traffic;
}

export function pageSession(opts: { transactions: number; load: () => Promise<unknown> }): PageSession {
  const session = {} as PageSession;
  beforeAll(async () => {
    session.server = await startTestServer({ transactions: opts.transactions });
    session.direct = await session.server.signIn('admin@paydesk.my');
    await opts.load();
  }, 120_000);
  afterAll(async () => session.server?.close());
  beforeEach(() => {
    localStorage.clear();
    session.traffic = countFetches();
  });
  afterEach(async () => {
    await waitFor(() => expect(session.traffic.pending()).toBe(0));
    cleanup();
    session.traffic.restore();
  });
  return session;
}
