import { describe, expect, it } from 'vitest';
import type { ClientErrorReport } from '@backbeat/common';
import { createErrorReporter, errorReporterConfig } from './error-reporter.ts';

function reporterWith(randomValue: number) {
  const sent: ClientErrorReport[] = [];
  const reporter = createErrorReporter({
    send: async (report) => sent.push(report),
    random: () => randomValue,
    location: () => 'http://localhost/album/1',
  });
  return { reporter, sent };
}

describe('the error reporter', () => {
  it('samples page loads at the spec trace rate of 0.2', () => {
    expect(errorReporterConfig.tracesSampleRate).toBe(0.2);
    expect(reporterWith(0.19).reporter.sampled).toBe(true);
    expect(reporterWith(0.2).reporter.sampled).toBe(false);
    // Over many page loads about a fifth report.
    let state = 7;
    const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
    const loads = Array.from({ length: 5000 }, () =>
      createErrorReporter({ send: async () => undefined, random }),
    );
    const share = loads.filter((r) => r.sampled).length / loads.length;
    expect(share).toBeGreaterThan(0.17);
    expect(share).toBeLessThan(0.23);
  });

  it('sends the message, trace and address from a sampled page load', () => {
    const { reporter, sent } = reporterWith(0.05);
    const error = new TypeError('x is undefined');
    expect(reporter.report(error)).toBe(true);
    expect(sent).toEqual([
      { message: 'x is undefined', stack: error.stack, url: 'http://localhost/album/1' },
    ]);
  });

  it('sends nothing from a page load outside the sample', () => {
    const { reporter, sent } = reporterWith(0.9);
    expect(reporter.report(new Error('boom'))).toBe(false);
    expect(sent).toEqual([]);
  });

  it('reports a repeated error once and stops after five reports per page', () => {
    const { reporter, sent } = reporterWith(0);
    const again = new Error('same');
    reporter.report(again);
    reporter.report(again);
    for (let i = 0; i < 10; i++) reporter.report(new Error(`error ${i}`));
    expect(sent).toHaveLength(errorReporterConfig.maxReportsPerPage);
    expect(sent.filter((r) => r.message === 'same')).toHaveLength(1);
  });
});
