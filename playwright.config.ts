import { defineConfig } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testProviderEnv } from './packages/server/test/helpers/oauth-provider';

/**
 * Browser tests run the real stack (server, embedded database in a fresh folder, demo host) on
 * their own ports, so a developer's `npm start` on the default ports is left alone. E2E_API_PORT and
 * E2E_DEMO_PORT move them, so two runs can share a machine.
 */
/**
 * The run's temporary folder, for the stacks' embedded databases (some 40 MB each): made once by
 * the main process (the workers load this file again and inherit the variable) and removed when it
 * exits, after the servers have stopped, so repeated runs do not fill the disk.
 */
function runTempRoot(): string {
  const inherited = process.env.VESTIBULE_E2E_TMP;
  if (inherited) return inherited;
  const root = mkdtempSync(join(tmpdir(), 'vestibule-e2e-'));
  process.env.VESTIBULE_E2E_TMP = root;
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  return root;
}
export const E2E_TMP = runTempRoot();

export const E2E_API_PORT = Number(process.env.E2E_API_PORT ?? 18787);
export const E2E_DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? 13000);
/** A plain static page (no bundler, no React) served by its own test, allowed as an origin too. */
export const E2E_PLAIN_PORT = E2E_DEMO_PORT + 1;
/** Hosts built from the packed packages by Vite, esbuild and webpack (e2e/any-bundler.spec.ts), one origin each. */
export const E2E_BUNDLER_PORTS = [E2E_DEMO_PORT + 2, E2E_DEMO_PORT + 3, E2E_DEMO_PORT + 4];
/** The sample relying party that npm start runs (3001 beside the default demo port). */
export const E2E_RP_PORT = E2E_DEMO_PORT + 6;
/** The test OAuth / OpenID Connect provider (e2e/support/oauth-provider-main.ts). */
export const E2E_OAUTH_PROVIDER_PORT = E2E_DEMO_PORT + 5;
const OAUTH_PROVIDER_URL = `http://127.0.0.1:${E2E_OAUTH_PROVIDER_PORT}`;
/**
 * The project's operators in the browser tests, whom the console (e2e/console.spec.ts) lets in: one
 * per test, since each sign-in sends a passcode and an address gets 5 in 10 minutes.
 */
export const E2E_OPERATOR_EMAILS = Array.from({ length: 8 }, (_, index) => `console-operator-${index + 1}@example.com`);

export default defineConfig({
  testDir: 'e2e',
  // Per demo port, so two runs on one machine do not clear each other's traces.
  outputDir: E2E_DEMO_PORT === 13000 ? 'test-results' : `test-results/port-${E2E_DEMO_PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_DEMO_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright's own browser download does not work on these machines.
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: [
    {
      command: 'node --conditions=source --import tsx e2e/support/oauth-provider-main.ts',
      url: `${OAUTH_PROVIDER_URL}/jwks`,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { E2E_DEMO_PORT: String(E2E_DEMO_PORT) },
    },
    {
      command: 'node --conditions=source --import tsx scripts/start.ts',
      url: `http://localhost:${E2E_API_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        VESTIBULE_API_PORT: String(E2E_API_PORT),
        VESTIBULE_DEMO_PORT: String(E2E_DEMO_PORT),
        VESTIBULE_DATA_DIR: mkdtempSync(join(E2E_TMP, 'stack-')),
        VESTIBULE_ENV: 'development',
        // Every browser test comes from this machine's one address, so the per-address limits on
        // sending codes and links (50 in 10 minutes, made for one person or one network) would
        // refuse the suite's later sign-ins; the limits themselves have tests of their own.
        VESTIBULE_OTP_PER_IP: JSON.stringify({ limit: 1000, windowSeconds: 600 }),
        VESTIBULE_MAGIC_LINK_PER_IP: JSON.stringify({ limit: 1000, windowSeconds: 600 }),
        VESTIBULE_ADMIN_EMAILS: E2E_OPERATOR_EMAILS.join(','),
        VESTIBULE_ALLOWED_ORIGINS: [E2E_PLAIN_PORT, ...E2E_BUNDLER_PORTS].map((port) => `http://localhost:${port}`).join(','),
        // Three kinds of provider against the test provider: OpenID Connect with an ID token
        // (Google), OAuth 2 with a profile call and a separate emails call (GitHub), and a profile
        // in a shape of its own (Discord). The other 16 keep the development provider.
        ...testProviderEnv(OAUTH_PROVIDER_URL, 'google', { idToken: true }),
        ...testProviderEnv(OAUTH_PROVIDER_URL, 'github'),
        ...testProviderEnv(OAUTH_PROVIDER_URL, 'discord'),
        // Google one-tap's script: the test provider's stand-in (e2e/fixtures/gsi-client.js).
        VESTIBULE_OAUTH_GOOGLE_ONE_TAP_SCRIPT_URL: `${OAUTH_PROVIDER_URL}/gsi/client`,
        // The identity provider's page is the demo's /idp, and its sample app the relying party
        // on its own port: the development client demo-rp follows VESTIBULE_DEMO_RP_PORT.
        VESTIBULE_IDP_AUTHORIZATION_PAGE_URL: `http://localhost:${E2E_DEMO_PORT}/idp`,
        VESTIBULE_DEMO_RP_PORT: String(E2E_RP_PORT),
      },
    },
  ],
});
