import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // The workspace packages' TypeScript (their `source` export condition) before Vite's defaults,
  // which a custom list replaces: the demo builds and serves from sources, nothing prebuilt.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true },
});
