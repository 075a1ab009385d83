import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * The workspace packages' `source` export condition (their TypeScript) before Vite's defaults, so
 * tests run against the sources with nothing built. Setting conditions replaces Vite's defaults, so
 * they are listed again. Node-environment projects resolve through `ssr`, the DOM ones through `resolve`,
 * and global setup files through Vitest's own `__vitest__` environment, which takes neither: without
 * its line, the server's global setup (it runs the migrations) reached for the contract's dist/,
 * which a clean clone has not built yet, and the whole run found no test files.
 */
const sourceFirst = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  environments: { __vitest__: { resolve: { conditions: ['source', ...defaultServerConditions] } } },
};

// One run covers every package; browser tests live in e2e/ and run under Playwright instead.
export default defineConfig({
  ...sourceFirst,
  test: {
    // Vitest would use one worker on this 2-core machine; the server tests wait on their databases
    // as much as on the CPU, so two halve the suite's time.
    maxWorkers: 2,
    // The server files share one module graph per worker (isolate: false): importing the server
    // again for each of some 60 files took 90 of the suite's CPU seconds, and the graph holds no
    // state between files but the worker's shared servers (test/helpers/shared-stack.ts).
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          isolate: false,
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      { extends: true, test: { name: 'client', root: 'packages/client', environment: 'happy-dom', include: ['test/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'react',
          root: 'packages/react',
          environment: 'happy-dom',
          include: ['test/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup.ts'],
          testTimeout: 30000,
        },
      },
    ],
  },
});
