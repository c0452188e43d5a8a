/**
 * A desk action's call with its busy flag (the dialog's OK spinner): `run(call)` sets busy, awaits
 * the call and answers whether it succeeded. A failure is not rethrown: the API client has already
 * shown the server's message, and the dialog stays open for another try.
 */
import { useState } from 'react';

export function useBusyCall(): { busy: boolean; run: (call: () => Promise<void>) => Promise<boolean> } {
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<void>) => {
    setBusy(true);
    try {
      await call();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
