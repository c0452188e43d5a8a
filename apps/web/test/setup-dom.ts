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
configure({ asyncUtilTimeout: 15_000 });
