import { defineConfig } from 'vitest/config';

// One run covers every package; browser tests live in e2e/ and run under Playwright instead.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'server', root: 'packages/server', environment: 'node', include: ['test/**/*.test.ts'], testTimeout: 30000, hookTimeout: 60000 } },
      { test: { name: 'client', root: 'packages/client', environment: 'happy-dom', include: ['test/**/*.test.ts'] } },
      { test: { name: 'react', root: 'packages/react', environment: 'happy-dom', include: ['test/**/*.test.{ts,tsx}'] } },
    ],
  },
});
