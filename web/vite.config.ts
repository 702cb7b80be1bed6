import { defineConfig } from 'vite';

// The browser UI, built into web/dist, which the server serves at /.
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'assets', sourcemap: 'hidden' },
  server: {
    // `npm run dev:web` serves the UI with hot reload and hands /api to `npm start` on port 3000.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
