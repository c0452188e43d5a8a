/**
 * The garbage collector for memory-bound tests ("the heap stays flat"): V8's `gc`, exposed for
 * this isolate when it lets a test have it, else null (the test's bound is then looser).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** `gc()` of this isolate, or null when it cannot be exposed. */
export function collector(): (() => void) | null {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return null;
  }
}
