// The ceiling: a bare Node http server answering fixed bytes, run in its own process.
import { createServer } from 'node:http';

const [, , port, payloadFile] = process.argv;
const { readFileSync } = await import('node:fs');
const routes = JSON.parse(readFileSync(payloadFile!, 'utf8')) as Record<
  string,
  { contentType: string; body: string }
>;
const bodies = new Map(
  Object.entries(routes).map(([path, r]) => [path, { ...r, bytes: Buffer.from(r.body) }]),
);

createServer((req, res) => {
  const route = bodies.get(req.url ?? '/');
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': route.contentType, 'content-length': route.bytes.length });
  res.end(route.bytes);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
