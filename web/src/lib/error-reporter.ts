import { ERROR_TRACE_SAMPLE_RATE, type ClientErrorReport } from '@backbeat/common';

/** The error reporter's settings; the sample rate is the spec's (§9: 0.2). */
export const errorReporterConfig = {
  /** The share of page loads whose uncaught errors are reported with their trace. */
  tracesSampleRate: ERROR_TRACE_SAMPLE_RATE,
  /** At most this many reports from one page load, so a loop cannot flood the log. */
  maxReportsPerPage: 5,
} as const;

/**
 * Reports uncaught errors from a sampled share of page loads: whether this page load is
 * sampled is decided once, so a session's errors arrive together or not at all.
 */
export function createErrorReporter(deps: {
  send(report: ClientErrorReport): Promise<unknown>;
  random?: () => number;
  location?: () => string;
}) {
  const sampled = (deps.random ?? Math.random)() < errorReporterConfig.tracesSampleRate;
  let sent = 0;
  const seen = new Set<string>();
  return {
    sampled,
    report(error: unknown): boolean {
      if (!sampled || sent >= errorReporterConfig.maxReportsPerPage) return false;
      const failure = error instanceof Error ? error : new Error(String(error));
      const message = (failure.message || failure.name || 'Unknown error').slice(0, 1000);
      // The same error thrown again and again is reported once.
      const key = `${message}\n${failure.stack ?? ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      sent++;
      void deps
        .send({
          message,
          stack: failure.stack?.slice(0, 10_000),
          url: deps.location?.().slice(0, 2000),
        })
        .catch(() => undefined);
      return true;
    },
  };
}

/** Listens for uncaught errors and rejections in the browser (main.tsx). */
export function installErrorReporter(send: (report: ClientErrorReport) => Promise<unknown>) {
  const reporter = createErrorReporter({ send, location: () => window.location.href });
  if (!reporter.sampled) return;
  window.addEventListener('error', (event) => reporter.report(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reporter.report(event.reason));
}
