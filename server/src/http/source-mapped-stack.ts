import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built server is one bundle (dist/server.cjs), so its stack traces point into it. Frames
 * are mapped back to the TypeScript sources through the bundle's source map, read when the
 * first error is reported: Node's --enable-source-maps would hold every map in memory from
 * the start, for errors that may never happen.
 */
const maps = new Map<string, SourceMap | null>();

function sourceMapOf(file: string): SourceMap | null {
  if (!maps.has(file)) {
    try {
      const payload = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload;
      maps.set(file, new SourceMap(payload));
    } catch {
      maps.set(file, null);
    }
  }
  return maps.get(file) ?? null;
}

const BUNDLE_LOCATION = /(?:file:\/\/)?(\/[^\s():]+\.[cm]?js):(\d+):(\d+)/g;

/** The stack with every location in a source-mapped bundle replaced by its source's. */
export function sourceMappedStack(stack: string): string {
  return stack.replace(BUNDLE_LOCATION, (location, file: string, line: string, column: string) => {
    const origin = sourceMapOf(file)?.findOrigin(Number(line), Number(column));
    if (!origin || !('fileName' in origin)) return location;
    const source = origin.fileName.startsWith('file://')
      ? fileURLToPath(origin.fileName)
      : resolve(dirname(file), origin.fileName);
    return `${source}:${origin.lineNumber}:${origin.columnNumber}`;
  });
}
