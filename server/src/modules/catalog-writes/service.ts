import { createLibraryCatalog } from './library.ts';
import { createCatalogWriterCore, type CatalogWritePorts } from './writer.ts';

export type { CatalogWritePorts, CatalogWriterCore } from './writer.ts';

/** The write model, with the library folders' bulk upsert from a scan (library.ts). */
export function createCatalogWriter(deps: CatalogWritePorts) {
  const writer = createCatalogWriterCore(deps);
  return { ...writer, library: createLibraryCatalog(writer, deps) };
}

export type CatalogWriter = ReturnType<typeof createCatalogWriter>;
