import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { contractSchemasPlugin } from './contract-schemas-plugin.ts';
import { offlineShell } from './offline-shell-plugin.ts';

/**
 * The web app's own modules (not the common package's, whose schemas must stay in their lazy
 * chunk, nor node_modules).
 */
const WEB_SOURCE = fileURLToPath(new URL('./src/', import.meta.url));
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
 * apart (issue 22): `app`, what main.tsx imports statically (every page runs it), and `home`,
 * what the home page adds (the page most visits start on). Lazy pages keep their own chunks.
 */
let groups: { app: Set<string>; home: Set<string> } | null = null;
function appChunk(id: string, graph: ModuleGraph): string | null {
  if (!groups) {
    const app = staticClosure(ENTRY, graph);
    groups = { app, home: staticClosure(HOME, graph, app) };
  }
  if (id === ENTRY || !id.startsWith(WEB_SOURCE)) return null;
  if (groups.app.has(id)) return 'app';
  return groups.home.has(id) ? 'home' : null;
}

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
            { name: appChunk, includeDependenciesRecursively: false },
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
