// autocannon in a process of its own, so the figures are the server's alone (a load client
// in the server's process takes its CPU and event loop and adds its own waits to each answer).
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface LoadResult {
  p99: number;
  rps: number;
  non2xx: number;
}

export function loadInChild(
  url: string,
  options: { connections: number; duration: number },
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [
        AUTOCANNON,
        '--json',
        '-c',
        String(options.connections),
        '-d',
        String(options.duration),
        url,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => {
        if (error) return reject(error);
        const result = JSON.parse(stdout) as {
          latency: { p99: number };
          requests: { average: number };
          non2xx: number;
        };
        resolve({
          p99: result.latency.p99,
          rps: Math.round(result.requests.average),
          non2xx: result.non2xx,
        });
      },
    );
  });
}
