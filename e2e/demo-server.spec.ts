import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_DEMO_PORT, E2E_TMP } from '../playwright.config';
import { startDemo } from '../apps/demo/server/demo-server';
import { expect, test } from './support/fixtures';

/**
 * The demo's own server, without a browser: a rebuild while it runs (the demo's files, the one
 * script's) removes files it served; asking for one then is a 404, and the server stays up (its
 * file stream's error once ended the whole process, the API in it).
 */
test('a file a rebuild removed is a 404, and the demo server stays up', async ({ request }) => {
  const root = mkdtempSync(join(E2E_TMP, 'demo-server-'));
  const [dist, oneScript] = [join(root, 'dist'), join(root, 'vanilla')];
  mkdirSync(dist);
  mkdirSync(oneScript);
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(join(dist, 'app-1.js'), 'export {};');
  writeFileSync(join(oneScript, 'vestibule.js'), 'export {};');
  const demo = await startDemo({
    port: E2E_DEMO_PORT + 7,
    apiBaseUrl: 'http://localhost:1',
    publicToken: 'public-token-test-x',
    distDir: dist,
    oneScriptDir: oneScript,
  });
  try {
    const script = await request.get(`${demo.url}/vestibule/vestibule.js`);
    expect(script.status()).toBe(200);
    // Any page may load the one script (a module script from another origin needs CORS).
    expect(script.headers()['access-control-allow-origin']).toBe('*');
    expect((await request.get(`${demo.url}/app-1.js`)).status()).toBe(200);
    rmSync(join(oneScript, 'vestibule.js'));
    rmSync(join(dist, 'app-1.js'));
    expect((await request.get(`${demo.url}/vestibule/vestibule.js`)).status()).toBe(404);
    expect((await request.get(`${demo.url}/app-1.js`)).status()).toBe(404);
    expect((await request.get(`${demo.url}/`)).status()).toBe(200);
  } finally {
    await demo.close();
  }
});
