// Streaming (issue 22): a 5 MB track asked with "Range: bytes=0-" on 8 keep-alive connections,
// beside a bare Node http server piping the same file, for several rounds, unpinned and with
// both servers pinned to core 0. The client reads raw sockets and only counts bytes, so it is
// far cheaper than the servers; a row whose bare ceiling stays under 1 GB/s says
// "client-bound" all the same, as the machine (not the server) may be the limit then.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { loadRun } from './raw-http.ts';
import { addFigure, addTarget } from './results.ts';
import { freePort, ROOT, sleep, startServer, TASKSET, type BenchServer } from './server-process.ts';

const CONNECTIONS = 8;
const GOALS = { median: 0.8, worst: 0.6 };
const GB = 1024 ** 3;

async function startBareFileServer(file: string, pinned: boolean) {
  const port = await freePort();
  let child: ChildProcess;
  if (pinned && TASKSET) {
    child = spawn(
      TASKSET,
      [
        '-c',
        '0',
        process.execPath,
        '--import',
        'tsx',
        join(ROOT, 'bench/src/bare-file-server.ts'),
        String(port),
        file,
      ],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
    );
  } else {
    child = fork(join(ROOT, 'bench/src/bare-file-server.ts'), [String(port), file], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
  }
  await new Promise((resolve) => child.once('message', resolve));
  return { port, stop: () => child.kill('SIGTERM') };
}

const bytesPerSecond = async (
  port: number,
  path: string,
  headers: Record<string, string>,
  ms: number,
) => {
  // One short untimed run: connections open, both processes warm.
  await loadRun({ port, connections: CONNECTIONS, paths: [path], headers, durationMs: 200 });
  const run = await loadRun({
    port,
    connections: CONNECTIONS,
    paths: [path],
    headers,
    durationMs: ms,
  });
  return run.bytes / (run.requests / run.rps || 1);
};

export interface StreamPlan {
  storage: string;
  cookie: string;
  trackId: number;
  file: string;
  rounds: number;
  roundMs: number;
  /** A fresh server for each round (the issue saw instances differ), else one per pinning. */
  freshInstances: boolean;
}

export async function runStreamBench(plan: StreamPlan): Promise<void> {
  const path = `/api/v1/tracks/${plan.trackId}/stream`;
  const headers = { cookie: plan.cookie, range: 'bytes=0-', 'accept-encoding': 'identity' };
  const pinnings = TASKSET ? [false, true] : [false];
  if (!TASKSET) console.info('  taskset is missing: the pinned rows are skipped');
  for (const pinned of pinnings) {
    const label = pinned ? 'pinned to core 0' : 'unpinned';
    const bare = await startBareFileServer(plan.file, pinned);
    let app: BenchServer | undefined;
    const ratios: number[] = [];
    const ours: number[] = [];
    const ceilings: number[] = [];
    try {
      for (let round = 0; round < plan.rounds; round++) {
        if (!app || plan.freshInstances) {
          await app?.stop();
          app = await startServer(plan.storage, { pinned });
          await sleep(300);
        }
        const mine = await bytesPerSecond(app.port, path, headers, plan.roundMs);
        const ceiling = await bytesPerSecond(bare.port, '/', { range: 'bytes=0-' }, plan.roundMs);
        ours.push(mine);
        ceilings.push(ceiling);
        ratios.push(mine / ceiling);
        console.info(
          `  streaming ${label}, round ${round + 1}: ${(mine / 1024 / 1024).toFixed(0)} MB/s, bare ${(ceiling / 1024 / 1024).toFixed(0)} MB/s, ${(mine / ceiling).toFixed(2)}x`,
        );
      }
    } finally {
      await app?.stop();
      bare.stop();
    }
    const sorted = [...ratios].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const medianOf = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const clientBound = Math.max(...ceilings) < GB;
    addFigure({
      name: `streaming 5 MB Range, ${CONNECTIONS} conn, ${label} (median of ${plan.rounds})`,
      value: medianOf(ours) / 1024 / 1024,
      unit: 'MB/s',
      ceiling: medianOf(ceilings) / 1024 / 1024,
      ceilingName: 'bare Node',
      ratio: median,
      note: `rounds min/median/max ${sorted[0]!.toFixed(2)}/${median.toFixed(2)}/${sorted.at(-1)!.toFixed(2)}x${clientBound ? '; client-bound (bare < 1 GB/s)' : ''}`,
    });
    addTarget(
      `streaming ${label}: median ≥ ${GOALS.median}x bare, no round < ${GOALS.worst}x`,
      `median ${median.toFixed(2)}x, worst ${sorted[0]!.toFixed(2)}x${clientBound ? ' (client-bound)' : ''}`,
      `≥ ${GOALS.median}x, ≥ ${GOALS.worst}x`,
      median >= GOALS.median && sorted[0]! >= GOALS.worst,
    );
  }
}
