// Issue 16: one client flooding search must not slow another user down. Measures a listener's
// search p99 alone and again while a second account floods with 20 connections of uncached
// searches, against a server running the default search rate limit.
import autocannon from 'autocannon';

export const FLOOD_USERS = {
  quiet: 'bench-quiet@backbeat.test',
  steady: 'bench-steady@backbeat.test',
  flooder: 'bench-flooder@backbeat.test',
} as const;

const FLOOD_CONNECTIONS = 20;
/** Under the limit (120 a minute) for the listener's whole run. */
const LISTENER_RATE_PER_S = 15;
const LETTERS = 'abcdefghijklmnoprstuvw';

/** A short prefix no earlier request used, so every answer misses the 10 s answer cache. */
function uncachedQueries(): () => string {
  let n = 0;
  return () => {
    n += 1;
    let word = '';
    for (let rest = n; word.length < 3 || rest > 0; rest = Math.floor(rest / LETTERS.length)) {
      word += LETTERS[rest % LETTERS.length];
    }
    return word;
  };
}

function searchRun(
  url: string,
  cookie: string,
  options: { connections: number; overallRate?: number; durationS: number },
) {
  const next = uncachedQueries();
  return autocannon({
    url,
    connections: options.connections,
    duration: options.durationS,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    headers: { cookie, accept: 'application/json' },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: `/api/v1/search?query=${next()}&perPage=10`,
        }),
      },
    ],
  });
}

export interface SearchFloodResult {
  quietP99: number;
  floodedP99: number;
  listenerFailures: number;
  flooderServed: number;
  flooderRefused: number;
  /** 5xx answers and connection errors: the flood must get 429s, not failures. */
  flooderFailed: number;
}

export async function measureSearchFlood(
  url: string,
  login: (email: string) => Promise<string>,
  durationS: number,
): Promise<SearchFloodResult> {
  const [quiet, steady, flooder] = await Promise.all([
    login(FLOOD_USERS.quiet),
    login(FLOOD_USERS.steady),
    login(FLOOD_USERS.flooder),
  ]);
  const alone = await searchRun(url, quiet, {
    connections: 1,
    overallRate: LISTENER_RATE_PER_S,
    durationS,
  });
  const [during, flood] = await Promise.all([
    searchRun(url, steady, { connections: 1, overallRate: LISTENER_RATE_PER_S, durationS }),
    searchRun(url, flooder, { connections: FLOOD_CONNECTIONS, durationS }),
  ]);
  return {
    quietP99: alone.latency.p99,
    floodedP99: during.latency.p99,
    listenerFailures: alone.non2xx + during.non2xx + alone.errors + during.errors,
    flooderServed: flood['2xx'],
    flooderRefused: flood['4xx'],
    flooderFailed: flood['5xx'] + flood.errors,
  };
}
