import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultThemeRule } from './src/theme/compile';
import { darkRules } from './src/theme/dark';
import { firstScreenHub } from './scripts/first-screen-hub';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/** React stays external in the React entries; the host brings its own (React 18 or 19). */
const REACT_EXTERNAL = [/^react($|\/)/, /^react-dom($|\/)/];

/**
 * The one script carries its own React, and that React is 18 (the last 18.3, installed under the
 * names react-18 and react-dom-18): the widget supports 18 and 19 alike, and 18 is 46 KB gzip
 * where 19 is 68, which is what keeps the one script within its 90 KB budget (bench/size.ts).
 * The React entries are unaffected: there the host's own React is used, 18 or 19.
 */
const REACT_18 = [
  { find: /^react-dom(\/.*)?$/, replacement: 'react-dom-18$1' },
  { find: /^react(\/.*)?$/, replacement: 'react-18$1' },
];

/** The names of the dependencies a package.json (relative to this file) lists. */
const dependenciesOf = (manifest: string) =>
  Object.keys((JSON.parse(readFileSync(new URL(manifest, import.meta.url), 'utf8')) as { dependencies: Record<string, string> }).dependencies);

/**
 * The shared widget code, gathered into the one script's chunk `core`; the later texts and styles
 * (src/later/register.ts, later-strings.ts, later.css) stay in a lazy chunk of their own.
 */
const CORE =
  /\/packages\/(react\/src\/(parts|flow|widget)\/|react\/src\/theme\/(?!dark\.)|react\/src\/(strings|styles)\/(?!later\.)|react\/src\/later\/(load|afterPaint)\.|react\/src\/(features\/[^/]+|main)\/(strings\.ts|styles\.css)|react\/src\/mounts\/(Shell|useFirstDraw)\.|client\/src\/|contract\/src\/)/;

/**
 * What core's modules import from outside it goes into core too (the client's npm dependencies, the
 * compiler's class-field helpers): left out, it would land in a chunk that imports core, and the
 * two chunks would import each other. The client's dependencies it loads on first use (with
 * `import()`) stay out, in chunks of their own.
 */
const LOADED_ON_FIRST_USE = ['@simplewebauthn/browser'];
const clientDependencies = dependenciesOf('../client/package.json').filter(
  (name) => !name.startsWith('@types/') && !name.startsWith('@vestibule/') && !LOADED_ON_FIRST_USE.includes(name),
);
const WITH_THE_CLIENT = new RegExp(`/node_modules/(${clientDependencies.join('|')})/|^\\0@oxc-project\\+runtime@`);

/**
 * Writes the default theme's rule into src/theme/default-rule.ts as text: a first load then carries
 * the rule, not the defaults and the code that make it (about 250 bytes of gzip less for the login).
 */
function defaultThemeRuleText(): Plugin {
  const file = src('theme/default-rule.ts');
  return {
    name: 'vestibule:default-theme-rule',
    apply: 'build',
    enforce: 'pre',
    transform(_code, id) {
      if (id === file) return { code: `export const DEFAULT_THEME_RULE = ${JSON.stringify(defaultThemeRule)};`, map: null };
      return undefined;
    },
  };
}

/**
 * Writes dist/styles.css (exported as `@vestibule/react/styles.css`) for hosts that prefer a
 * <link>: the same text the JavaScript carries and injects, so it is taken from Vite's own output
 * for each `?inline` stylesheet (`export default "<minified css>"`), in the order the widget injects
 * them: the shell's vestibule.css first, then each feature's by folder, then the later rules.
 */
function stylesheetFile(): Plugin {
  const sheets = new Map<string, string>();
  const inlineCss = /\.css\?inline$/;
  return {
    name: 'vestibule:stylesheet-file',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (inlineCss.test(id)) sheets.set(id.replace(inlineCss, '.css'), JSON.parse(code.replace(/^export default /, '').replace(/;?\s*$/, '')) as string);
    },
    generateBundle() {
      const base = src('styles/vestibule.css');
      if (!sheets.has(base)) this.error(`${base} was not bundled: stylesheet.ts changed, and so must this plugin`);
      // The later rules after the first screens', as the widget adds them (src/later/register.ts).
      const later = (id: string) => id.endsWith('later.css');
      const rest = [...sheets.keys()].filter((id) => id !== base).sort((a, b) => Number(later(a)) - Number(later(b)) || a.localeCompare(b));
      const css = [base, ...rest].map((id) => sheets.get(id));
      // The same sheet as the widget injects: the default theme first (src/styles/stylesheet.ts), and
      // the dark rules a widget adds when its colour scheme asks for them.
      this.emitFile({ type: 'asset', fileName: 'styles.css', source: [defaultThemeRule, ...css, darkRules].join('\n') });
    },
  };
}

/** Full minification for the ES library too (Vite keeps whitespace there by default). */
const MINIFY = { minify: true } as const;

/**
 * The React entries are a library: what the package depends on (React, @vestibule/client and
 * contract, the wallet and phone libraries) stays an import for the host's bundler to resolve, so a
 * host that also imports @vestibule/client has one copy of it, and each module stays a module
 * (dist/ mirrors src/), so the host's bundler keeps what its pages use and splits the lazy screens
 * as it splits its own code. (Bundled into chunks of ours, a host got the client twice and the
 * other mounts with the login mount.)
 */
const packageDependencies = dependenciesOf('./package.json');
const libraryOutput = {
  external: [...REACT_EXTERNAL, new RegExp(`^(${packageDependencies.join('|')})($|/)`)],
  output: { ...MINIFY, preserveModules: true, preserveModulesRoot: src(''), entryFileNames: '[name].js' },
};

/**
 * The one script is an application's bundle: React and everything else in, code-split with the
 * lazy chunks kept.
 */
const oneScriptOutput = {
  preserveEntrySignatures: 'allow-extension' as const,
  output: {
    ...MINIFY,
    chunkFileNames: 'chunks/[name]-[hash].js',
    // Shared widget code in one chunk named `core` (the engine, the parts, the strings and styles of
    // every feature); each mount, its features and each lazy screen keep their own.
    codeSplitting: {
      groups: [
        // React in a chunk of its own: the widget's chunks all import it and it imports none of
        // them, so no cycle can run widget code before React is set up.
        { name: 'react', test: /\/node_modules\/(react|react-dom|scheduler)(-18)?\// },
        { name: 'core', test: (id: string) => CORE.test(id) || WITH_THE_CLIENT.test(id), includeDependenciesRecursively: false },
        // The entry keeps only the global: the rest of what it loads up front is a chunk, so no lazy
        // chunk imports the entry. Served through a redirect, the entry has two URLs (the page's and
        // the final one); a chunk importing it by the final one would run it a second time, before
        // React is ready.
        { name: 'login', tags: ['$initial' as const], test: (id: string) => !id.endsWith('/src/vanilla/global.ts') },
      ],
    },
  },
};

/**
 * Two builds (`npm run build` runs both):
 * - default mode: the ESM library (`index`, one module per source module, dependencies external), into dist/;
 * - `--mode vanilla`: the mount functions with React bundled in, into dist/vanilla/, code-split
 *   with the lazy chunks kept: `vestibule.js`, the one script for pages without a bundler, which
 *   also defines the global `Vestibule`, and is `@vestibule/react/vanilla` too. One entry: a second
 *   one sharing these chunks made them import each other, and then run before React was set up.
 *   (An IIFE cannot load chunks, so it would carry every lazy part up front.)
 * The one script's .vite/manifest.json is what bench/size.ts reads for it.
 */
export default defineConfig(({ mode }) => {
  const vanilla = mode === 'vanilla';
  return {
    plugins: vanilla
      ? [react(), defaultThemeRuleText()]
      : [react(), defaultThemeRuleText(), stylesheetFile(), firstScreenHub({ root: 'mounts/VestibuleLogin.js', ignore: /^react($|\/)|^react-dom($|\/)/ })],
    // @vestibule/client and contract from their TypeScript (the `source` export condition) before
    // Vite's defaults, which a custom list replaces: bundled or not, nothing needs building first.
    resolve: { conditions: ['source', ...defaultClientConditions], alias: vanilla ? REACT_18 : [] },
    define: vanilla ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    build: {
      outDir: vanilla ? 'dist/vanilla' : 'dist',
      emptyOutDir: true,
      manifest: true,
      sourcemap: true,
      minify: 'oxc',
      target: 'es2020',
      // Browsers that write logical properties (inset-inline-end, margin-inline-start) themselves: the
      // right-to-left layout needs no :lang() copies of each rule (a kilobyte more for the login).
      cssTarget: ['chrome89', 'edge89', 'firefox88', 'safari15'],
      lib: vanilla
        ? { entry: { vestibule: src('vanilla/global.ts') }, formats: ['es'], fileName: (_format, name) => `${name}.js` }
        : {
            entry: {
              index: src('index.ts'),
              strings: src('strings/all.ts'),
              'config-check': src('widget/config-check.ts'),
              languages: src('locales/load-language.ts'),
              server: src('server/index.ts'),
            },
            formats: ['es'],
          },
      rolldownOptions: vanilla ? oneScriptOutput : libraryOutput,
    },
  };
});
