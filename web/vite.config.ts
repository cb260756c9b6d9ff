import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { contractSchemasPlugin } from './contract-schemas-plugin.ts';
import { offlineShell } from './offline-shell-plugin.ts';
import { specThemeValues } from './spec-theme-plugin.ts';

/** The web app's own modules, and the common package's (shared with the server). */
const WEB_SOURCE = fileURLToPath(new URL('./src/', import.meta.url));
const COMMON_SOURCE = fileURLToPath(new URL('../common/src/', import.meta.url));
const ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const HOME = fileURLToPath(new URL('./src/features/home/homepage.tsx', import.meta.url));

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every module `from` imports statically, directly or not, itself included. */
function staticClosure(from: string, graph: ModuleGraph, leaveOut = new Set<string>()) {
  const found = new Set<string>();
  const queue = [from];
  while (queue.length) {
    const next = queue.pop()!;
    if (found.has(next) || leaveOut.has(next)) continue;
    found.add(next);
    queue.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
  }
  return found;
}

/**
 * The app's own modules in two files instead of dozens of small shared ones, each compressed
 * apart (issue 22): `app`, what main.tsx runs at start (every page does), and `home`, what the
 * home page adds (the page most visits start on). Lazy pages keep their own chunks.
 *
 * `app` is the web and common modules the bundler tags `$initial`: those main.tsx reaches
 * through the imports it uses. A common module reached only through a barrel's other exports
 * (schemas, zod) is not tagged, and stays in the lazy chunk that uses it.
 */
/** Vite's helper behind every lazy import, which main.tsx makes too. */
const PRELOAD_HELPER = /vite[\\/]preload-helper/;
const startupChunk = (id: string) =>
  id !== ENTRY &&
  (id.startsWith(WEB_SOURCE) || id.startsWith(COMMON_SOURCE) || PRELOAD_HELPER.test(id))
    ? 'app'
    : null;

let home: Set<string> | null = null;
function homeChunk(id: string, graph: ModuleGraph): string | null {
  home ??= staticClosure(HOME, graph, staticClosure(ENTRY, graph));
  return id.startsWith(WEB_SOURCE) && home.has(id) ? 'home' : null;
}

export default defineConfig({
  plugins: [specThemeValues(), contractSchemasPlugin(), react(), tailwindcss(), offlineShell()],
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
            { name: startupChunk, tags: ['$initial'], includeDependenciesRecursively: false },
            { name: homeChunk, includeDependenciesRecursively: false },
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
