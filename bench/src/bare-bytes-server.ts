// The ceiling of the catalog rows: a bare Node http server answering, for each path, the very
// bytes (and content type and encoding) Backbeat answered for it in the same run. The bench
// hands it the answers over IPC before each ceiling run.
import { createServer } from 'node:http';

export interface BareAnswer {
  path: string;
  status: number;
  contentType: string;
  contentEncoding?: string;
  body: Buffer;
}

let routes = new Map<string, BareAnswer>();

process.on('message', (message: { answers: BareAnswer[] }) => {
  routes = new Map(
    message.answers.map((answer) => [answer.path, { ...answer, body: Buffer.from(answer.body) }]),
  );
  process.send?.('loaded');
});

createServer((req, res) => {
  const route = routes.get(req.url ?? '/');
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(route.status, {
    'content-type': route.contentType,
    'content-length': route.body.length,
    ...(route.contentEncoding ? { 'content-encoding': route.contentEncoding } : {}),
  });
  res.end(route.body);
}).listen(Number(process.argv[2]), '127.0.0.1', () => process.send?.('ready'));
