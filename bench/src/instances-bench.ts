// Several instances, measured (issue 42): the site README's "Deploying" and "Scaling out"
// describe — Debian's nginx with deploy/nginx.conf in front of two built instances sharing a
// fresh PostgreSQL database, Redis and an s3rver bucket — started by the reverse-proxy browser
// test's own code (e2e/src/proxy-site.ts), on a seeded catalog. Through nginx, at a fixed
// concurrency, a fixed mix of what listeners ask (album page, artist page, search, a Subsonic
// getAlbum, a Range request of a track's audio): answers/s with two instances; then one
// instance is stopped mid-load (SIGTERM, as systemd stops it) and every failed or 5xx answer is
// counted beside the requests in flight at that moment; then the same load with the one left
// gives the one-instance figure. Last, each instance's schedule log says how often a scheduled
// task ran per period across the site.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { HttpsClient } from '../../e2e/src/https-client.ts';
import { PROXIES } from '../../e2e/src/proxy-servers.ts';
import {
  startProxiedSite,
  type ProxiedInstance,
  type ProxiedSite,
} from '../../e2e/src/proxy-site.ts';
import { prepareCatalog, type PreparedCatalog } from './prepare-catalog.ts';
import { addFigure, addTarget } from './results.ts';
import { ADMIN, sleep } from './server-process.ts';

export interface InstancesPlan {
  tracks: number;
  connections: number;
  /** Each measured load (two instances, one instance), and the load around the stop. */
  loadMs: number;
  /** When the stop comes, counted from the start of its load. */
  stopAfterMs: number;
  warmUpMs: number;
  /** Turns of two instances, the stop, one instance. */
  rounds: number;
}

export const INSTANCES_PLAN: InstancesPlan = {
  tracks: Number(process.env.BENCH_INSTANCES_TRACKS ?? 5000),
  connections: Number(process.env.BENCH_INSTANCES_CONNECTIONS ?? 16),
  loadMs: Number(process.env.BENCH_INSTANCES_SECONDS ?? 15) * 1000,
  stopAfterMs: 5000,
  warmUpMs: 10_000,
  rounds: Number(process.env.BENCH_INSTANCES_ROUNDS ?? 2),
};

/** The scheduled task every instance starts (every 60 s, the shortest period there is). */
const WATCHED_TASK = 'release-scheduled-music';
const WATCHED_PERIOD_MS = 60_000;
const SEARCH_WORDS = ['neon', 'golden ti', 'amel', 'midnight', 'sunset d', 'velvet', 'kaleido'];
const RANGE = 'bytes=0-262143';

interface Ask {
  path: string;
  headers: Record<string, string>;
}

interface LoadOutcome {
  answers: number;
  seconds: number;
  rps: number;
  /** Failed requests (connection errors) and 5xx answers, by reason. */
  lost: Map<string, number>;
  /** Answers neither 2xx nor 5xx (a 4xx would mean the mix itself is wrong). */
  unexpected: Map<string, number>;
  inFlightAtEvent: number | null;
}

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const total = (map: Map<string, number>) => [...map.values()].reduce((sum, n) => sum + n, 0);
const describe = (map: Map<string, number>) =>
  [...map].map(([reason, n]) => `${n} × ${reason}`).join(', ');

/**
 * `connections` browsers' worth of keep-alive HTTPS connections, each asking the next of the
 * mix as soon as its last answer ended, for `durationMs`; `event` runs once at `event.atMs`
 * and the requests in flight at that moment are counted.
 */
async function loadSite(
  site: ProxiedSite,
  mix: Ask[],
  connections: number,
  durationMs: number,
  event?: { atMs: number; run(): void },
): Promise<LoadOutcome> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections, ca: site.certificate });
  const lost = new Map<string, number>();
  const unexpected = new Map<string, number>();
  let answers = 0;
  let inFlight = 0;
  let inFlightAtEvent: number | null = null;
  let next = 0;
  const ask = ({ path, headers }: Ask) =>
    new Promise<void>((resolve) => {
      inFlight++;
      const finish = (lostReason?: string, other?: string) => {
        inFlight--;
        if (lostReason) count(lost, lostReason);
        else if (other) count(unexpected, other);
        else answers++;
        resolve();
      };
      const outgoing = request(new URL(path, site.url), { agent, headers }, (incoming) => {
        const status = incoming.statusCode ?? 0;
        incoming.on('error', (error) => finish(`cut mid-answer (${error.message})`));
        incoming.on('end', () => {
          if (status >= 500) finish(`${status} on ${path.split('?')[0]}`);
          else if (status < 200 || status > 299) finish(undefined, `${status} on ${path}`);
          else finish();
        });
        incoming.resume();
      });
      outgoing.on('error', (error) => finish(`no answer (${error.message})`));
      outgoing.end();
    });
  const started = performance.now();
  const until = started + durationMs;
  const timer = event
    ? setTimeout(() => {
        inFlightAtEvent = inFlight;
        event.run();
      }, event.atMs)
    : undefined;
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) await ask(mix[next++ % mix.length]!);
      }),
    );
  } finally {
    clearTimeout(timer);
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  return { answers, seconds, rps: answers / seconds, lost, unexpected, inFlightAtEvent };
}

/** The fixed mix: five kinds of request in turn, over 40 albums and 40 artists. */
async function requestMix(
  site: ProxiedSite,
  databaseUrl: string,
  prepared: PreparedCatalog,
): Promise<Ask[]> {
  const client = new HttpsClient(site.url, site.certificate);
  const login = await client.signIn(ADMIN);
  if (login.status !== 200) throw new Error(`The bench admin could not sign in: ${login.status}`);
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const ids = async (table: string) =>
    (await database.query<{ id: number }>(`SELECT id FROM ${table} ORDER BY id LIMIT 40`)).rows;
  const [albums, artists] = [await ids('albums'), await ids('artists')];
  await database.end();
  const json = {
    cookie: client.cookieHeader(),
    accept: 'application/json',
    'accept-encoding': 'gzip, br',
  };
  const subsonic = `apiKey=${encodeURIComponent(prepared.subsonicApiKey!)}&v=1.16.1&c=bench&f=json`;
  return albums.flatMap(({ id }, index): Ask[] => [
    { path: `/api/v1/albums/${id}`, headers: json },
    { path: `/api/v1/artists/${artists[index % artists.length]!.id}`, headers: json },
    {
      path: `/api/v1/search?query=${encodeURIComponent(SEARCH_WORDS[index % SEARCH_WORDS.length]!)}&perPage=10`,
      headers: json,
    },
    { path: `/rest/getAlbum?${subsonic}&id=al-${id}`, headers: {} },
    {
      path: `/api/v1/tracks/${prepared.streamTrackId}/stream`,
      headers: { cookie: json.cookie, range: RANGE },
    },
  ]);
}

interface ScheduleRun {
  time: number;
  instance: number;
}

/** The runs of the watched task in each instance's schedule log (one file a day). */
function watchedRuns(site: ProxiedSite, before: number): ScheduleRun[] {
  return site.instances.flatMap(({ storagePath }, instance) => {
    const logs = join(storagePath, 'logs');
    if (!existsSync(logs)) return [];
    return readdirSync(logs)
      .filter((name) => name.startsWith('schedule-'))
      .flatMap((name) => readFileSync(join(logs, name), 'utf8').split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as { time: string; task: string })
      .filter((record) => record.task === WATCHED_TASK)
      .map((record) => ({ time: Date.parse(record.time), instance }))
      .filter((run) => run.time < before);
  });
}

/** The most runs within 90% of a period (what one claim holds): 1 when the site runs it once. */
function mostRunsInOnePeriod(runs: ScheduleRun[]): number {
  const times = runs.map((run) => run.time).sort((a, b) => a - b);
  let most = 0;
  for (const [index, time] of times.entries()) {
    const within = times.slice(index).filter((other) => other - time < WATCHED_PERIOD_MS * 0.9);
    most = Math.max(most, within.length);
  }
  return most;
}

/** CPU time (user + system, ms) the processes used so far; 0 for one that ended. */
function cpuMs(pids: (number | undefined)[]): number {
  return pids.reduce<number>((sum, pid) => {
    if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return sum;
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 a second on Linux).
    return sum + ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  }, 0);
}

const ownMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

const load = () =>
  loadavg()
    .map((figure) => figure.toFixed(2))
    .join(' ');

export async function runInstancesBench(plan: InstancesPlan = INSTANCES_PLAN): Promise<void> {
  console.info(
    `\nTwo instances behind nginx on PostgreSQL, Redis and s3rver (${plan.tracks.toLocaleString('en')} tracks, ${plan.connections} connections)`,
  );
  if (!existsSync(PROXIES.nginx.binary)) {
    console.info(
      `  skipped: nginx is not installed at ${PROXIES.nginx.binary} (apt-get install -y nginx)`,
    );
    return;
  }
  let prepared: PreparedCatalog | undefined;
  let databaseUrl = '';
  // The preparer's own STORAGE_PATH (its logs): the catalog's files go to the bucket.
  const preparerStorage = mkdtempSync(join(tmpdir(), 'backbeat-instances-bench-'));
  const started = performance.now();
  const site = await startProxiedSite({
    env: {
      // As the other groups run it: warnings only (a log line per request costs each answer),
      // and the search limit lifted, since one client asks every search here.
      LOG_LEVEL: 'warn',
      SEARCH_RATE_LIMIT: String(1e9),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    prepare: async (env) => {
      databaseUrl = env.DATABASE_URL!;
      prepared = await prepareCatalog(preparerStorage, plan.tracks, ADMIN, SEARCH_WORDS, {
        env,
        subsonicApiKey: true,
      });
    },
  });
  const bothUp = Date.now();
  try {
    console.info(`  site ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const mix = await requestMix(site, databaseUrl, prepared!);
    const [first, second] = site.instances as [ProxiedInstance, ProxiedInstance];
    const twos: LoadOutcome[] = [];
    const ones: LoadOutcome[] = [];
    const stops: LoadOutcome[] = [];
    let firstStopAt = 0;
    // Rounds in turns (two, the stop, one; again), so neither side has all the warm caches:
    // each instance keeps its own answer cache and JIT, both cold at start. Each round stops
    // the other instance, so the one left alone is in turn the first one and a restarted one.
    for (let round = 1; round <= plan.rounds; round++) {
      const [kept, stopping] = round % 2 ? [first, second] : [second, first];
      if (round > 1) {
        await kept.restart();
        // nginx leaves an upstream that refused a connection alone for 10 s (fail_timeout).
        await sleep(11_000);
      }
      await loadSite(site, mix, plan.connections, plan.warmUpMs);
      const both = [first.pid(), second.pid()];
      const [twoCpu, twoOwn] = [cpuMs(both), process.cpuUsage()];
      const two = await loadSite(site, mix, plan.connections, plan.loadMs);
      const twoCpuPerAnswer = (cpuMs(both) - twoCpu) / two.answers;
      const twoOwnPerAnswer = ownMs(process.cpuUsage(twoOwn)) / two.answers;
      twos.push(two);
      console.info(
        `  round ${round}, two instances: ${two.rps.toFixed(0)} answers/s (${two.answers} in ${two.seconds.toFixed(1)} s), ${twoCpuPerAnswer.toFixed(1)} ms of the instances' CPU per answer (this process, client and s3rver: ${twoOwnPerAnswer.toFixed(1)}); load average ${load()}`,
      );
      if (round === 1) {
        // Both schedulers pass a period of the watched task before one of them stops.
        const wait = bothUp + WATCHED_PERIOD_MS + 2000 - plan.stopAfterMs - Date.now();
        if (wait > 0) {
          console.info(`  waiting ${(wait / 1000).toFixed(0)} s for a period of ${WATCHED_TASK}`);
          await sleep(wait);
        }
      }
      let exited: Promise<void> = Promise.resolve();
      const stopped = await loadSite(site, mix, plan.connections, plan.loadMs, {
        atMs: plan.stopAfterMs,
        run: () => {
          firstStopAt ||= Date.now();
          exited = stopping.stop();
        },
      });
      await exited;
      stops.push(stopped);
      console.info(
        `  round ${round}, one instance stopped (SIGTERM) ${plan.stopAfterMs / 1000} s into ${stopped.answers} answers: ${total(stopped.lost)} lost${stopped.lost.size ? ` (${describe(stopped.lost)})` : ''}, ${stopped.inFlightAtEvent ?? 0} in flight at the stop`,
      );
      const [oneCpu, oneOwn] = [cpuMs([kept.pid()]), process.cpuUsage()];
      const one = await loadSite(site, mix, plan.connections, plan.loadMs);
      const oneCpuPerAnswer = (cpuMs([kept.pid()]) - oneCpu) / one.answers;
      const oneOwnPerAnswer = ownMs(process.cpuUsage(oneOwn)) / one.answers;
      ones.push(one);
      console.info(
        `  round ${round}, one instance: ${one.rps.toFixed(0)} answers/s (${one.answers} in ${one.seconds.toFixed(1)} s), ${oneCpuPerAnswer.toFixed(1)} ms of its CPU per answer (this process: ${oneOwnPerAnswer.toFixed(1)}); load average ${load()}`,
      );
    }
    for (const outcome of [...twos, ...stops, ...ones]) {
      if (outcome.unexpected.size) {
        throw new Error(`The mix got answers it should not: ${describe(outcome.unexpected)}`);
      }
    }
    const lost = stops.reduce((sum, outcome) => sum + total(outcome.lost), 0);
    const inFlight = stops.reduce((sum, outcome) => sum + (outcome.inFlightAtEvent ?? 0), 0);
    const elsewhere = [...twos, ...ones].flatMap((outcome) => [...outcome.lost]);
    const lostElsewhere = elsewhere.reduce((sum, [, n]) => sum + n, 0);
    if (lostElsewhere) {
      console.info(`  lost outside the stops: ${describe(new Map(elsewhere))}`);
    }
    const rate = (outcomes: LoadOutcome[]) =>
      outcomes.reduce((sum, o) => sum + o.answers, 0) /
      outcomes.reduce((sum, o) => sum + o.seconds, 0);
    const two = { rps: rate(twos) };
    const one = { rps: rate(ones) };

    const ratio = two.rps / one.rps;
    addFigure({
      name: 'two instances behind nginx (answers/s)',
      value: two.rps,
      unit: 'answers/s',
      ceiling: one.rps,
      ceilingName: 'one instance',
      ratio,
      note: `c=${plan.connections}, the five-request mix over HTTPS, ${plan.rounds} rounds each`,
    });
    // The goal follows the cores: with two, one instance, nginx, s3rver and this client (TLS in
    // Node) already fill both, so a second instance can only show that it costs nothing (no
    // lock or cache it fights over); with four or more it has a core of its own to add.
    const cores = cpus().length;
    const [goal, goalText] =
      cores >= 4 ? [1.5, '≥ 1.5x (4+ cores)'] : [0.9, `≥ 0.9x (${cores} cores: shared by both)`];
    addTarget('two instances vs one, answers/s', `${ratio.toFixed(2)}x`, goalText, ratio >= goal);
    addTarget(
      'answers lost when an instance stops mid-load',
      `${lost} (${inFlight} in flight over ${plan.rounds} stops)`,
      `0 beyond those in flight (≤ ${inFlight}); 0 elsewhere`,
      lost <= inFlight && lostElsewhere === 0,
    );

    const runs = watchedRuns(site, firstStopAt);
    const perInstance = site.instances.map((_, index) => runs.filter((r) => r.instance === index));
    const most = mostRunsInOnePeriod(runs);
    console.info(
      `  ${WATCHED_TASK} (every ${WATCHED_PERIOD_MS / 1000} s) ran ${runs.length} times in ${((firstStopAt - bothUp) / 1000).toFixed(0)} s with both up: ${perInstance.map((r, i) => `instance ${i + 1} ${r.length}`).join(', ')}`,
    );
    addTarget(
      `${WATCHED_TASK} runs per ${WATCHED_PERIOD_MS / 1000} s across the site`,
      runs.length ? most : 'never ran',
      '1 (once per period, not once per instance)',
      most === 1,
    );
  } finally {
    await site.close();
    rmSync(preparerStorage, { recursive: true, force: true });
  }
}
