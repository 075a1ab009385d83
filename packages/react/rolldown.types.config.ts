import { defineConfig } from 'rolldown';
import { dts } from 'rolldown-plugin-dts';

/**
 * The published declarations, bundled: dist/types/index.d.ts, vanilla.d.ts, strings.d.ts, config-check.d.ts, languages.d.ts and server.d.ts (plus a shared
 * chunk) instead of one .d.ts per source file. A bundle has only the relative imports between its
 * own chunks, with `.js` extensions, so hosts on moduleResolution node16/nodenext read it as well
 * as bundler ones (the sources' extensionless imports would not resolve there), and nothing of
 * Vite's (`?inline` CSS modules, vite/client) reaches it. Runs after the Vite builds, which empty dist/.
 */
export default defineConfig({
  input: {
    index: 'src/index.ts',
    vanilla: 'src/vanilla/index.ts',
    strings: 'src/strings/all.ts',
    'config-check': 'src/widget/config-check.ts',
    languages: 'src/locales/load-language.ts',
    server: 'src/server/index.ts',
  },
  // What the host installs beside us: our other packages and its React.
  external: [/^@vestibule\//, /^react($|\/)/, /^react-dom($|\/)/],
  plugins: [dts({ tsconfig: 'tsconfig.build.json', emitDtsOnly: true })],
  output: { dir: 'dist/types' },
});
