import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** Areas a listener does not need offline: they load from the network when opened. */
const ONLINE_ONLY =
  /\/src\/(features\/(admin|backstage|insights)\/|app\/layout\/admin-layout)|swagger-ui-dist/;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}

/**
 * Writes `sw-build.js`, which the service worker imports: this build's version and the files
 * of the listener's app (the entry, its imports, and every lazy page outside the admin and
 * backstage areas, with their CSS) to keep for offline use. A new build changes the file, so
 * the browser installs the new worker, which caches the new files and drops the old ones.
 */
export function offlineShell(): Plugin {
  return {
    name: 'backbeat-offline-shell',
    apply: 'build',
    // After Vite has dropped its CSS-only chunks, so every name listed is a file written.
    writeBundle(options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const item of Object.values(bundle))
        if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as ChunkLike);
      const kept = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || kept.has(fileName)) return;
        if (!chunk.isEntry && ONLINE_ONLY.test(chunk.facadeModuleId ?? '')) return;
        kept.add(fileName);
        chunk.viteMetadata?.importedCss.forEach((css) => kept.add(css));
        chunk.viteMetadata?.importedAssets.forEach((asset) => kept.add(asset));
        chunk.imports.forEach(visit);
        chunk.dynamicImports.forEach(visit);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      // Fonts and images the CSS names are assets of their own.
      for (const item of Object.values(bundle))
        if (item.type === 'asset' && /\.(woff2?|svg|png|webp)$/.test(item.fileName))
          kept.add(item.fileName);
      const assets = [...kept].sort().map((fileName) => `/${fileName}`);
      const version = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 12);
      writeFileSync(
        join(options.dir ?? 'dist', 'sw-build.js'),
        `self.BACKBEAT_BUILD = ${JSON.stringify({ version, assets })};\n`,
      );
    },
  };
}
