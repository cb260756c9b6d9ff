// The streaming ceiling: a bare Node http server piping one file with a 1 MiB read buffer.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';

const [, , port, file] = process.argv;
const size = statSync(file!).size;

createServer((req, res) => {
  const match = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
  const start = match ? Number(match[1]) : 0;
  const end = match && match[2] ? Number(match[2]) : size - 1;
  res.writeHead(match ? 206 : 200, {
    'content-type': 'audio/mpeg',
    'content-length': end - start + 1,
    'accept-ranges': 'bytes',
    ...(match ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
  });
  createReadStream(file!, { start, end, highWaterMark: 1024 * 1024 }).pipe(res);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
