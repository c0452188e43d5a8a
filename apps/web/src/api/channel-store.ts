/**
 * Keeps the secure-channel keys across reloads (§7): IndexedDB db `paydesk`, store `channel`.
 * The CryptoKeys are non-extractable and stored by structured clone, so script never sees the
 * key bytes. Where IndexedDB is missing the keys live only in memory.
 */
import type { ChannelKeys } from '@paydesk/contract';

export interface ChannelStore {
  load(): Promise<ChannelKeys | null>;
  save(keys: ChannelKeys): Promise<void>;
  clear(): Promise<void>;
}

const DB_NAME = 'paydesk';
const STORE = 'channel';
const KEY = 'keys';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDb(): Promise<IDBDatabase> {
  const req = indexedDB.open(DB_NAME, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE);
  return request(req);
}

async function withStore<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await request(fn(db.transaction(STORE, mode).objectStore(STORE)));
  } finally {
    db.close();
  }
}

export function memoryChannelStore(): ChannelStore {
  let kept: ChannelKeys | null = null;
  return {
    load: async () => kept,
    save: async (k) => {
      kept = k;
    },
    clear: async () => {
      kept = null;
    },
  };
}

export function indexedDbChannelStore(): ChannelStore {
  if (typeof indexedDB === 'undefined') return memoryChannelStore();
  return {
    async load() {
      try {
        const v = await withStore<unknown>('readonly', (s) => s.get(KEY));
        return v && typeof v === 'object' && 'channelId' in v ? (v as ChannelKeys) : null;
      } catch {
        return null;
      }
    },
    async save(keys) {
      try {
        await withStore('readwrite', (s) => s.put(keys, KEY));
      } catch {
        // private mode or quota: the channel still works for this page's lifetime
      }
    },
    async clear() {
      try {
        await withStore('readwrite', (s) => s.delete(KEY));
      } catch {
        // nothing stored
      }
    },
  };
}
