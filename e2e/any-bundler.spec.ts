import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build as esbuild } from 'esbuild';
import sirv from 'sirv';
import { build as viteBuild } from 'vite';
import webpack from 'webpack';
import { E2E_BUNDLER_PORTS } from '../playwright.config';
import { expect, test } from './support/fixtures';
import { API_URL, demoPublicToken } from './support/stack';

/**
 * Issue 17, any bundler: the packed tarballs of @vestibule/contract, client and react are installed
 * into a throwaway app outside the repository (`npm install ./tarballs/*.tgz`, nothing linked), the
 * app is built with Vite, esbuild and webpack, and each build renders the login widget, styled, in
 * Chromium. The same install type-checks a TypeScript host using every mount's props against the
 * packed .d.ts, with `strict`, under moduleResolution bundler and node16.
 *
 * Needs the packages built (`npm run build`, which `npm test` runs before the browser tests).
 */

const run = promisify(execFile);
const REPO = resolve(import.meta.dirname, '..');
const FIXTURES = join(REPO, 'e2e/fixtures/any-bundler');
const PACKAGES = ['@vestibule/contract', '@vestibule/client', '@vestibule/react'];
const BUNDLERS = ['vite', 'esbuild', 'webpack'] as const;
type Bundler = (typeof BUNDLERS)[number];

let work: string;
let app: string;
const servers: Server[] = [];

/** Builds the app's main.js (beside index.html) into app/dist-<bundler>, ready to serve. */
const builds: Record<Bundler, (outDir: string) => Promise<void>> = {
  vite: async (outDir) => {
    await viteBuild({ root: app, configFile: false, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  },
  esbuild: async (outDir) => {
    await esbuild({
      entryPoints: [join(app, 'main.js')],
      absWorkingDir: app,
      outdir: outDir,
      bundle: true,
      // ESM with splitting keeps the widget's lazy chunks lazy, loaded beside main.js.
      format: 'esm',
      splitting: true,
      minify: true,
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
    });
    await copyFile(join(app, 'index.html'), join(outDir, 'index.html'));
  },
  webpack: async (outDir) => {
    const stats = await new Promise<webpack.Stats>((done, fail) =>
      webpack({ mode: 'production', context: app, entry: './main.js', output: { path: outDir, filename: 'main.js' } }, (error, result) =>
        error || !result ? fail(error ?? new Error('webpack gave no result')) : done(result),
      ),
    );
    if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
    await copyFile(join(app, 'index.html'), join(outDir, 'index.html'));
  },
};

test.beforeAll(async () => {
  test.setTimeout(300_000);
  work = await mkdtemp(join(tmpdir(), 'vestibule-any-bundler-'));
  app = join(work, 'app');
  const tarballs = join(work, 'tarballs');
  await mkdir(app, { recursive: true });
  await mkdir(tarballs);

  // The tarballs exactly as `npm publish` would upload them.
  await run('npm', ['pack', ...PACKAGES.flatMap((name) => ['-w', name]), '--pack-destination', tarballs], { cwd: REPO });
  const packed = (await readdir(tarballs)).map((file) => `../tarballs/${file}`);
  expect(packed).toHaveLength(PACKAGES.length);

  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'any-bundler-host', private: true, type: 'module' }));
  for (const file of ['index.html', 'main.js', 'host.tsx', 'tsconfig.bundler.json', 'tsconfig.node16.json'])
    await copyFile(join(FIXTURES, file), join(app, file));
  // The packages from the tarballs only; React and its types from the registry, as any host gets them.
  const installed = await run(
    'npm',
    ['install', ...packed, 'react', 'react-dom', '@types/react', '@types/react-dom', '--no-audit', '--no-fund', '--prefer-offline'],
    { cwd: app },
  );
  // On the Node version the README names, a host's install warns of no engine its dependencies refuse.
  expect(installed.stderr).not.toContain('EBADENGINE');

  for (const [index, bundler] of BUNDLERS.entries()) {
    const outDir = join(app, `dist-${bundler}`);
    await builds[bundler](outDir);
    const server = createServer(sirv(outDir));
    await new Promise<void>((listening) => server.listen(E2E_BUNDLER_PORTS[index], listening));
    servers.push(server);
  }
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((closed) => server.close(closed))));
  if (work) await rm(work, { recursive: true, force: true });
});

test('the installed manifests point only at built files: no `source` condition into src/', async () => {
  for (const name of PACKAGES) {
    const manifest = await readFile(join(app, 'node_modules', name, 'package.json'), 'utf8');
    expect(JSON.parse(manifest).exports, name).toBeTruthy();
    // A host toolchain with a condition of that name would otherwise compile our TypeScript.
    expect(manifest, name).not.toContain('"source"');
    expect(manifest, name).not.toContain('./src/');
  }
  // The repository keeps it for its own tooling (tests run on the sources).
  expect(await readFile(join(REPO, 'packages/react/package.json'), 'utf8')).toContain('"source": "./src/index.ts"');
});

for (const [index, bundler] of BUNDLERS.entries()) {
  test(`built with ${bundler}, the installed packages render the login widget with its styles`, async ({ page }) => {
    await page.goto('/');
    const publicToken = await demoPublicToken(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

    await page.goto(`http://localhost:${E2E_BUNDLER_PORTS[index]}/?api=${encodeURIComponent(API_URL)}&token=${encodeURIComponent(publicToken)}`);
    await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    // The stylesheet the JavaScript carries is in the page: the button has the theme's primary colour.
    await expect(page.getByRole('button', { name: 'Continue with email' })).toHaveCSS('background-color', 'rgb(11, 85, 99)');
    expect(errors).toEqual([]);
  });
}

for (const resolution of ['bundler', 'node16']) {
  test(`a TypeScript host using every mount's props compiles against the packed types (strict, moduleResolution ${resolution})`, async () => {
    const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', `tsconfig.${resolution}.json`], { cwd: app }).catch((error: { stdout: string }) => error);
    expect(result.stdout).toBe('');
  });
}
