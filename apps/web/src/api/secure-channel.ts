/**
 * The client's end of the secure channel (§7): keys from the store, else one handshake shared by
 * concurrent callers. `reset` forgets them (sign-out, session end, unknown channel).
 */
import { completeClientHandshake, createClientKeyPair, type ChannelKeys } from '@paydesk/contract';
import type { ChannelStore } from './channel-store.ts';

export interface SecureChannel {
  keys(): Promise<ChannelKeys>;
  reset(): Promise<void>;
}

export type HandshakeFn = (clientPublicKey: string) => Promise<{ ChannelId: string; ServerPublicKey: string }>;

export function createSecureChannel(store: ChannelStore, handshake: HandshakeFn): SecureChannel {
  let current: Promise<ChannelKeys> | null = null;

  async function establish(): Promise<ChannelKeys> {
    const stored = await store.load();
    if (stored) return stored;
    const pair = await createClientKeyPair();
    const keys = await completeClientHandshake(pair.privateKey, await handshake(pair.publicKey));
    await store.save(keys);
    return keys;
  }

  return {
    keys() {
      const p = (current ??= establish());
      // A failed handshake is not cached: the next call tries again.
      p.catch(() => {
        if (current === p) current = null;
      });
      return p;
    },
    async reset() {
      current = null;
      await store.clear();
    },
  };
}
