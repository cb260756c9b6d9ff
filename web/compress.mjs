// Writes .br and .gz next to each built asset, which the server sends as they are.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = new URL('./dist/assets/', import.meta.url).pathname;
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const source = readFileSync(join(dir, name));
  writeFileSync(join(dir, `${name}.gz`), gzipSync(source, { level: 9 }));
  writeFileSync(
    join(dir, `${name}.br`),
    brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
