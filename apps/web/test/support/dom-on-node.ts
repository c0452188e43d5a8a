/**
 * A jsdom window for a test file that runs in the `node` environment (see lookups.test.tsx for
 * why): Vitest's own jsdom environment, set up on the global object. jsdom's typed-array and
 * ArrayBuffer constructors are put back to Node's, so Node libraries in the same process (the
 * server's JWT signing, WebCrypto) see the Uint8Array they expect. jsdom's "not implemented" notes
 * (antd asks for pseudo-element styles) are not printed; its unhandled exceptions are.
 *
 * Import it first. It is not torn down: antd's batched updates may still run after the last
 * test, and the test file's worker ends with the file.
 */
import { VirtualConsole } from 'jsdom';
import { builtinEnvironments } from 'vitest/runtime';

const NODE_REALM = ['ArrayBuffer', 'Uint8Array', 'Uint16Array', 'Uint32Array', 'Uint8ClampedArray', 'Int8Array', 'Int16Array', 'Int32Array', 'Float32Array', 'Float64Array'] as const;
const kept = new Map(NODE_REALM.map((k) => [k, globalThis[k]]));
const virtualConsole = new VirtualConsole();
virtualConsole.forwardTo(console, { jsdomErrors: ['unhandled-exception'] });
await builtinEnvironments.jsdom.setup(globalThis, { jsdom: { virtualConsole } });
for (const [k, v] of kept) Object.defineProperty(globalThis, k, { value: v, configurable: true, writable: true });
