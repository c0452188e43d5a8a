/** What antd needs from a browser that jsdom lacks. Import first in component tests. */
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Real-server component tests wait on a signed handshake and password hashing; on a loaded 2-core CI
// machine that outlasts testing-library's 1 s default for findBy*/waitFor (a CI run failed so).
import { configure } from '@testing-library/react';
// A getByRole that finds nothing lists every role in the DOM: over the signed-in app's menu and
// tables that took 11 minutes of CPU (one thread at 100 %), so a failing test ran past its own
// timeout and a CI run past 70 minutes. The flag (what waitFor already sets) skips that list; the
// DOM dump stays, cut at DEBUG_PRINT_LIMIT.
configure({ asyncUtilTimeout: 15_000, _disableExpensiveErrorDiagnostics: true } as Parameters<typeof configure>[0]);
