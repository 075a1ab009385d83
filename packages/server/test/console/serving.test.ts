import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/index.js';
import { startListening, type ListeningServer } from '../helpers/listening.js';
import { PUBLIC_TOKEN, REPO_CONFIG, tempDir } from '../helpers/test-config.js';

/**
 * The operators' console as the server serves it (GET /console and under it), from a built console
 * of the test's own: every page path answers the app's page with the server's settings written in
 * as inert JSON, under a strict Content-Security-Policy; the build's files answer with a long cache;
 * and without a build a 503 says how to make one.
 */

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>Console</title><script type="module" src="./assets/index-a1b2c3.js"></script></head><body><div id="app"></div></body></html>';
const SCRIPT = 'console.log("the console");';

let folder: string;
let server: ListeningServer;
beforeAll(async () => {
  folder = tempDir('vestibule-console-');
  mkdirSync(join(folder, 'assets'));
  writeFileSync(join(folder, 'index.html'), TEMPLATE);
  writeFileSync(join(folder, 'assets', 'index-a1b2c3.js'), SCRIPT);
  server = await startListening({ consoleDir: folder });
});
afterAll(() => server?.close());

const get = (path: string) => fetch(`http://127.0.0.1:${server.port}${path}`);

/** The settings the page carries, and the policy it came with. */
async function page(path: string) {
  const response = await get(path);
  const html = await response.text();
  const json = html.match(/<script type="application\/json" id="vestibule-console-config">(.*?)<\/script>/)?.[1];
  return { response, html, settings: json ? JSON.parse(json) : null, policy: response.headers.get('content-security-policy') ?? '' };
}

describe('the console at /console', () => {
  it('answers its page at /console and at every path under it, with the settings the app reads', async () => {
    for (const path of ['/console', '/console/', '/console/users/user-123', '/console/webhooks/webhook-1?x=1']) {
      const { response, html, settings } = await page(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(html).toContain('<div id="app"></div>');
      // The build's files are relative: the <base> makes them load from the one folder on every path.
      expect(html).toContain('<base href="/console/">');
      expect(settings).toMatchObject({
        apiBaseUrl: server.config.publicUrl,
        publicToken: PUBLIC_TOKEN,
        projectName: server.config.project.name,
        basePath: '/console',
      });
    }
  });

  it('runs under a strict policy: scripts only from the server, no inline script, the widget style by a fresh nonce, never framed', async () => {
    const first = await page('/console');
    const second = await page('/console');
    expect(first.policy).toContain("script-src 'self';");
    expect(first.policy).not.toContain('unsafe-inline');
    expect(first.policy).not.toContain('unsafe-eval');
    expect(first.policy).toContain("frame-ancestors 'none'");
    expect(first.policy).toContain("object-src 'none'");
    expect(first.policy).toContain(`style-src 'self' 'nonce-${first.settings.styleNonce}'`);
    expect(second.settings.styleNonce).not.toBe(first.settings.styleNonce);
    expect(first.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.response.headers.get('referrer-policy')).toBe('no-referrer');
    // The only script elements: the build's module (from the server) and the inert settings.
    const scripts = [...first.html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts).toEqual([' type="application/json" id="vestibule-console-config"', ' type="module" src="./assets/index-a1b2c3.js"']);
  });

  it('writes the settings so that no value can close their element', async () => {
    const named = await startListening({ consoleDir: folder, project: { ...server.config.project, name: 'Acme</script><script>alert(1)</script>' } });
    try {
      const response = await fetch(`http://127.0.0.1:${named.port}/console`);
      const html = await response.text();
      expect(html).not.toContain('</script><script>alert(1)');
      expect(html.match(/<script type="application\/json" id="vestibule-console-config">(.*?)<\/script>/)?.[1]).toContain('\\u003c/script>');
    } finally {
      await named.close();
    }
  });

  it("answers the build's files with a long cache, and nothing outside its assets folder", async () => {
    const script = await get('/console/assets/index-a1b2c3.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toBe(SCRIPT);
    for (const path of [
      '/console/assets/missing-a1b2c3.js',
      '/console/assets/..%2Findex.html',
      '/console/assets/%2E%2E%2F%2E%2E%2Fpackage.json',
      '/console/assets/.hidden',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(((await answer.json()) as { error_type: string }).error_type).toBe('not_found');
    }
  });

  it('answers 503 console_not_built, saying how to build it, while there is no build (and the page again once there is)', async () => {
    rmSync(join(folder, 'index.html'));
    try {
      const answer = await get('/console/users');
      expect(answer.status).toBe(503);
      const body = (await answer.json()) as { error_type: string; error_message: string };
      expect(body.error_type).toBe('console_not_built');
      expect(body.error_message).toContain('npm run build -w @vestibule/console');
      expect(body.error_message).toContain(join(folder, 'index.html'));
    } finally {
      writeFileSync(join(folder, 'index.html'), TEMPLATE);
    }
    expect((await get('/console/users')).status).toBe(200);
  });
});

describe('where the server finds the console (consoleDir)', () => {
  it("is the @vestibule/console package's dist/ when installed (in this repository, the workspace's), and VESTIBULE_CONSOLE_DIR otherwise, from cwd", () => {
    expect(loadConfig({ file: REPO_CONFIG, env: {} }).consoleDir).toMatch(/packages\/console\/dist$/);
    expect(loadConfig({ file: REPO_CONFIG, env: { VESTIBULE_CONSOLE_DIR: 'built/console' }, cwd: '/srv/app' }).consoleDir).toBe('/srv/app/built/console');
  });
});
