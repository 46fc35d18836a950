// Vite bundles the desktop window (renderer/index.html → src/renderer/main.tsx, with the
// packages/ui screens) into dist/renderer-app. Relative paths: Electron loads it from a file.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: { outDir: '../dist/renderer-app', emptyOutDir: true, sourcemap: true },
});
