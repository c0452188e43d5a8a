/**
 * The app's API client (setApiClient) talking to a fake server (../fake-server.ts) with a fixed
 * token: what a screen test mounts before rendering. Answers the `notify` spy the client raises
 * its error toasts through.
 */
import { vi, type Mock } from 'vitest';
import { memoryChannelStore } from '../../src/api/channel-store.ts';
import { createApiClient } from '../../src/api/client.ts';
import { setApiClient } from '../../src/api/index.ts';
import type { fakeServer } from '../fake-server.ts';

export function installFakeClient(server: ReturnType<typeof fakeServer>): Mock {
  const notify = vi.fn();
  setApiClient(
    createApiClient({
      baseUrl: '', publicIp: async () => null, channelStore: memoryChannelStore(), getToken: () => 'token', onTokenRenewed: () => {}, onSessionEnd: () => {},
      notify, download: () => {}, fetch: server.fetch,
    }),
  );
  return notify;
}
