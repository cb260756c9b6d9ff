import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractSchemasPlugin } from './contract-schemas-plugin.ts';
import { offlineShell } from './offline-shell-plugin.ts';

export default defineConfig({
  plugins: [contractSchemasPlugin(), react(), tailwindcss(), offlineShell()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The page's CSP allows only our own scripts plus one nonce'd inline script.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs, in one file instead of a dozen (better compressed).
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](react-)?query(-core)?|zustand|clsx)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '^/(api|auth|secure|health)/': 'http://localhost:8000',
    },
  },
});
