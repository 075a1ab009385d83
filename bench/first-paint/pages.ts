/**
 * The pages the first-paint benchmark times, each a folder with an index.html whose scripts define
 * `window.benchMount(element)`: the floor and the login mount bundled from the host app (React
 * bundled, as a browser gets them), and the one script as a page without a bundler loads it.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Bundler, buildEntry, htmlPage, writeEntry, writePage } from '../host/build.js';
import { CONFIGS, type ConfigName, FLOOR_ENTRY, loginEntry, oneScriptInline } from '../host/entries.js';

export interface PaintPage {
  /** The row's name in the tables. */
  name: string;
  /** A folder served as the site's root: its index.html loads an entry that defines `window.benchMount`. */
  outDir: string;
}

/** The floor's name: every other page's time is compared with it. */
export const FLOOR = 'floor: a plain React form';
export const loginName = (config: ConfigName) => `login, ${config}`;
export const oneScriptName = (config: ConfigName) => `one script, ${config}`;
/** The pages the target applies to: the login mount from the tarballs, every configuration. */
export const TARGETED = Object.keys(CONFIGS).map((config) => loginName(config as ConfigName));

/**
 * The floor, the login mount and the one script for every configuration, built with `bundler` from
 * `app` (bench/host/build.ts installHost) into folders under `work`.
 */
export async function ourPages(app: string, bundler: Bundler, work: string): Promise<PaintPage[]> {
  const built = (entry: string, folder: string) =>
    buildEntry(bundler, app, entry, { reactExternal: false, outDir: join(work, folder) }).then((initial) => writePage(initial));
  const pages: PaintPage[] = [{ name: FLOOR, outDir: await built(writeEntry(app, 'first-paint/floor.js', FLOOR_ENTRY), 'floor') }];
  for (const [index, [config, options]] of Object.entries(CONFIGS).entries()) {
    const name = config as ConfigName;
    pages.push({ name: loginName(name), outDir: await built(writeEntry(app, `first-paint/login-${index}.js`, loginEntry(options)), `login-${index}`) });
    // The one script as installed, not bundled again: its lazy chunks load from beside it.
    const outDir = join(work, `one-script-${index}`);
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    cpSync(join(app, 'node_modules/@vestibule/react/dist/vanilla'), join(outDir, 'vestibule'), { recursive: true });
    writeFileSync(
      join(outDir, 'index.html'),
      htmlPage(`<script type="module" src="/vestibule/vestibule.js"></script><script type="module">${oneScriptInline(options)}</script>`),
    );
    pages.push({ name: oneScriptName(name), outDir });
  }
  return pages;
}
