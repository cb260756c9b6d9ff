import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { offlineShell } from './offline-shell-plugin.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), offlineShell()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The page's CSP allows only our own scripts plus one nonce'd inline script.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '^/(api|auth|secure|health)/': 'http://localhost:8000',
    },
  },
});
