import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // The workspace packages' TypeScript (their `source` export condition) before Vite's defaults,
  // which a custom list replaces: the console builds from sources, nothing prebuilt.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // Files are referred to relatively: the server serves every page path (/console/users/…) with a
  // <base> at the console's path, which may sit under a prefix of the public URL.
  base: './',
  // The manifest is what the size benchmark (bench/size.ts) reads.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
