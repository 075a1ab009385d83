import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/** React stays external in the React entries; the host brings its own (React 18 or 19). */
const REACT_EXTERNAL = [/^react($|\/)/, /^react-dom($|\/)/];

/**
 * Writes dist/styles.css (exported as `@vestibule/react/styles.css`) for hosts that prefer a
 * <link>: the same text the JavaScript carries and injects, so it is taken from Vite's own output
 * for each `?inline` stylesheet (`export default "<minified css>"`), in stylesheet.ts's order: the
 * shell's vestibule.css first, then each feature's by folder.
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
      const features = [...sheets.keys()].filter((id) => id !== base).sort();
      this.emitFile({ type: 'asset', fileName: 'styles.css', source: [base, ...features].map((id) => sheets.get(id)).join('\n') });
    },
  };
}

/**
 * Two builds (`npm run build` runs both):
 * - default mode: ESM library, one entry per mount plus `index`, React external, into dist/;
 * - `--mode vanilla`: the mount functions with React bundled in, into dist/vanilla/, as ESM
 *   (code-split, lazy chunks kept) and as an IIFE that defines the global `Vestibule`.
 * Both write .vite/manifest.json, which bench/size.ts reads.
 */
export default defineConfig(({ mode }) => {
  const vanilla = mode === 'vanilla' || mode === 'vanilla-iife';
  const iife = mode === 'vanilla-iife';
  return {
    plugins: vanilla ? [react()] : [react(), stylesheetFile()],
    // @vestibule/client and contract from their TypeScript (the `source` export condition) before
    // Vite's defaults, which a custom list replaces: bundled or not, nothing needs building first.
    resolve: { conditions: ['source', ...defaultClientConditions] },
    define: vanilla ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    build: {
      outDir: vanilla ? 'dist/vanilla' : 'dist',
      // The IIFE lands beside the vanilla ESM build and leaves its manifest alone.
      emptyOutDir: !iife,
      manifest: !iife,
      sourcemap: true,
      minify: 'oxc',
      target: 'es2020',
      lib: iife
        ? { entry: { vestibule: src('vanilla/index.ts') }, formats: ['iife'], name: 'Vestibule', fileName: () => 'vestibule.iife.js' }
        : vanilla
          ? { entry: { vanilla: src('vanilla/index.ts') }, formats: ['es'], fileName: (_format, name) => `${name}.js` }
          : {
              entry: {
                index: src('index.ts'),
                login: src('mounts/VestibuleLogin.tsx'),
                'password-reset': src('mounts/VestibulePasswordReset.tsx'),
                'passkey-registration': src('mounts/VestibulePasskeyRegistration.tsx'),
                'identity-provider': src('mounts/VestibuleIdentityProvider.tsx'),
              },
              formats: ['es'],
              fileName: (_format, name) => `${name}.js`,
            },
      rolldownOptions: {
        external: vanilla ? [] : REACT_EXTERNAL,
        preserveEntrySignatures: 'allow-extension',
        output: {
          chunkFileNames: 'chunks/[name]-[hash].js',
          // Full minification for the ES library too (Vite keeps whitespace there by default).
          minify: true,
          // Shared widget code in one chunk named `core` (the engine, the parts, the strings and styles of
          // every feature); each mount, its features and each lazy screen keep their own.
          ...(iife
            ? {}
            : {
                codeSplitting: {
                  groups: [
                    {
                      name: 'core',
                      test: /\/packages\/(react\/src\/(parts|flow|strings|theme|styles|widget)\/|react\/src\/(features\/[^/]+|main)\/(strings\.ts|styles\.css)|react\/src\/mounts\/Shell\.|client\/src\/|contract\/src\/)/,
                      includeDependenciesRecursively: false,
                    },
                  ],
                },
              }),
        },
      },
    },
  };
});
