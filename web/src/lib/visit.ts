import { recordVisit } from '@backbeat/common/contracts';
import { api } from './api.ts';

const VISIT_KEY = 'backbeat-visit-day';

/**
 * Counts this browser as today's visitor (the admin dashboard): once per tab session and day;
 * the server keeps one visit per session and day whatever arrives.
 */
export function recordVisitOncePerDay(): void {
  const today = new Date().toISOString().slice(0, 10);
  try {
    if (sessionStorage.getItem(VISIT_KEY) === today) return;
    sessionStorage.setItem(VISIT_KEY, today);
  } catch {
    // Storage refused (private mode): the server still counts one visit a day.
  }
  void api(recordVisit).catch(() => {});
}
