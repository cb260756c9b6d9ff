// The load client in a process of its own, so the figures are the server's alone (a load
// client in the server's process takes its CPU and event loop and adds its own waits to each
// answer). Where Debian's wrk is installed it is the client, on core 1 while the server runs
// on core 0 (as issue 22 measured): it is written in C, times each answer to the microsecond
// and costs a fraction of the server's CPU per request. Without it, autocannon: a Node client
// that takes about as much CPU as the server it loads, records whole milliseconds, and on a
// 2-core machine shares the cores with the server, so its p99 is partly its own.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { TASKSET } from './server-process.ts';

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
export const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((path) => existsSync(path));
/** Where the server under load runs: core 0, with the client on core 1 (when both can be). */
export const PIN_SERVER = Boolean(WRK && TASKSET);

export interface LoadResult {
  p99: number;
  rps: number;
  non2xx: number;
  client: 'wrk' | 'autocannon';
}

export function loadInChild(
  url: string,
  options: { connections: number; duration: number },
): Promise<LoadResult> {
  return WRK ? loadWithWrk(WRK, url, options) : loadWithAutocannon(url, options);
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
}

const MS_PER_UNIT: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

/** wrk's text report: "99%  4.12ms", "Requests/sec: 9876.54", "Non-2xx or 3xx responses: 3". */
export function parseWrkReport(report: string): Omit<LoadResult, 'client'> {
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(report);
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(report);
  if (!p99 || !rps) throw new Error(`wrk printed no latency or rate:\n${report}`);
  return {
    p99: Math.round(Number(p99[1]) * MS_PER_UNIT[p99[2]!]! * 100) / 100,
    rps: Math.round(Number(rps[1])),
    non2xx: Number(/^\s*Non-2xx or 3xx responses:\s+(\d+)/m.exec(report)?.[1] ?? 0),
  };
}

async function loadWithWrk(
  wrk: string,
  url: string,
  options: { connections: number; duration: number },
): Promise<LoadResult> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.duration}s`, '--latency', url];
  const report = TASKSET ? await run(TASKSET, ['-c', '1', wrk, ...args]) : await run(wrk, args);
  return { ...parseWrkReport(report), client: 'wrk' };
}

async function loadWithAutocannon(
  url: string,
  options: { connections: number; duration: number },
): Promise<LoadResult> {
  const stdout = await run(process.execPath, [
    AUTOCANNON,
    '--json',
    '-c',
    String(options.connections),
    '-d',
    String(options.duration),
    url,
  ]);
  const result = JSON.parse(stdout) as {
    latency: { p99: number };
    requests: { average: number };
    non2xx: number;
  };
  return {
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    non2xx: result.non2xx,
    client: 'autocannon',
  };
}
