import { fileURLToPath } from 'node:url';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The sign-in page's module (router.tsx imports it lazily). */
const SIGN_IN_PAGE = /src[\\/]features[\\/]auth[\\/]pages[\\/]sign-in-page\.tsx$/;

/**
 * `<link rel="modulepreload">` in index.html for the sign-in page's chunk and the chunks it
 * imports that the entry does not: the browser fetches them with the entry instead of once the
 * entry has run (LCP of /auth). A few KB a signed-in visit fetches unused.
 */
function preloadSignInPage(): Plugin {
  return {
    name: 'paydesk:preload-sign-in-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const page = chunks.find((c) => c.facadeModuleId && SIGN_IN_PAGE.test(c.facadeModuleId));
        const entry = chunks.find((c) => c.isEntry);
        if (!page || !entry) throw new Error('preload-sign-in-page: the sign-in chunk or the entry is missing from the build');
        const loaded = new Set([entry.fileName, ...entry.imports]);
        return [page.fileName, ...page.imports]
          .filter((file) => !loaded.has(file))
          .map((file): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' }));
      },
    },
  };
}

/**
 * The API base URL and product name are runtime configuration (GET /api/portal/config), never
 * baked in here; in development `/api` is proxied to the server on port 3000.
 *
 * Build (first-load budgets; checked by test/bundle-size.test.ts): a manifest, so the
 * test can tell which files /auth loads; brotli and gzip copies of every asset (precompress.ts).
 */
export default defineConfig({
  root,
  plugins: [react(), preloadSignInPage(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // The budget (150 KB brotli per chunk) is enforced by the test; this only quiets Vite's own note.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // ECharts with only the dashboard's charts (shared/echarts.ts) is still ~155 KB brotli in
          // one chunk: its renderer (zrender) goes to a chunk of its own, fetched in parallel.
          groups: [
            { name: 'zrender', test: /node_modules[\\/]zrender[\\/]/ },
            // The libraries every page starts with (React, the router, Redux without RTK Query,
            // i18next) in one chunk instead of the half-dozen shared chunks the bundler would cut:
            // compressed together they are a few KB smaller, and one request.
            {
              name: 'boot',
              test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|react-redux|redux|redux-persist|reselect|immer|i18next|react-i18next|use-sync-external-store|@reduxjs[\\/]toolkit[\\/]dist[\\/]redux-toolkit[^\\/]*)(?:[\\/]|$)/,
            },
          ],
        },
      },
      treeshake: {
        // The workspace packages declare constants and functions only (zod schemas, route and
        // resource tables, labels), but their top-level calls look like side effects, so every
        // module behind `@paydesk/*`'s barrel used to land in the entry. Declared free of side
        // effects here, an unused module is dropped; dates.ts does extend dayjs on import.
        moduleSideEffects: [
          { test: /packages\/domain\/src\/dates\.ts$/, sideEffects: true },
          { test: /packages\/(?:domain|contract)\/src\//, sideEffects: false },
          // antd's inputs import a context from @rc-component/form's index, which (undeclared, so
          // assumed to have side effects) kept all of rc-form and its validator in every first
          // load: ~11 KB compressed. Neither package does anything on import.
          { test: /node_modules[\\/]@rc-component[\\/](?:form|async-validator)[\\/]/, sideEffects: false },
        ],
      },
    },
  },
});
