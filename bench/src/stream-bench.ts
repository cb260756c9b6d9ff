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
/** Timed turns of each server in a round (even, so each goes first as often). */
const TURNS = 4;

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

interface Target {
  port: number;
  path: string;
  headers: Record<string, string>;
}

/** Bytes and seconds of one timed run at CONNECTIONS connections. */
const timedRun = async (target: Target, ms: number) => {
  const run = await loadRun({
    ...target,
    connections: CONNECTIONS,
    paths: [target.path],
    durationMs: ms,
  });
  return { bytes: run.bytes, seconds: run.requests / run.rps || 1 };
};

/**
 * One round: both warmed by a short untimed run, then timed in turns (ours, bare, bare, ours,
 * ...) so that a machine growing faster or slower through the round (the bare ceiling rose from
 * 0.7 to 2.4 GB/s over five rounds here, ours with it) weighs on both alike rather than on
 * whichever ran first. Returns bytes per second of each.
 */
async function roundOfTurns(mine: Target, bare: Target, ms: number) {
  await timedRun(mine, 200);
  await timedRun(bare, 200);
  const totals = [
    { bytes: 0, seconds: 0 },
    { bytes: 0, seconds: 0 },
  ];
  for (let turn = 0; turn < TURNS; turn++) {
    const order = turn % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) {
      const run = await timedRun(which === 0 ? mine : bare, ms / TURNS);
      totals[which]!.bytes += run.bytes;
      totals[which]!.seconds += run.seconds;
    }
  }
  const rate = (total: { bytes: number; seconds: number }) => total.bytes / total.seconds;
  return { mine: rate(totals[0]!), ceiling: rate(totals[1]!) };
}

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
    let bare: Awaited<ReturnType<typeof startBareFileServer>> | undefined;
    let app: BenchServer | undefined;
    const ratios: number[] = [];
    const ours: number[] = [];
    const ceilings: number[] = [];
    try {
      for (let round = 0; round < plan.rounds; round++) {
        // Fresh instances of both, so that they start alike: a bare server kept from round to
        // round had run (and warmed its code) for seconds longer than the fresh Backbeat.
        if (!app || !bare || plan.freshInstances) {
          await app?.stop();
          bare?.stop();
          app = await startServer(plan.storage, { pinned });
          bare = await startBareFileServer(plan.file, pinned);
          await sleep(300);
        }
        const { mine, ceiling } = await roundOfTurns(
          { port: app.port, path, headers },
          { port: bare.port, path: '/', headers: { range: 'bytes=0-' } },
          plan.roundMs,
        );
        ours.push(mine);
        ceilings.push(ceiling);
        ratios.push(mine / ceiling);
        console.info(
          `  streaming ${label}, round ${round + 1}: ${(mine / 1024 / 1024).toFixed(0)} MB/s, bare ${(ceiling / 1024 / 1024).toFixed(0)} MB/s, ${(mine / ceiling).toFixed(2)}x`,
        );
      }
    } finally {
      await app?.stop();
      bare?.stop();
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
