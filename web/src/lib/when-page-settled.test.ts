import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beginForegroundWork } from './foreground-work.ts';
import { queryClient } from './query-client.ts';
import { whenPageSettled } from './when-page-settled.ts';

/**
 * A window's listeners as browsers keep them: by type, listener and capture flag. (Node's own
 * EventTarget ignores a boolean capture flag on removal, which browsers honour.)
 */
function fakeWindow() {
  let listeners: { type: string; listener: () => void; capture: boolean }[] = [];
  return {
    addEventListener(type: string, listener: () => void, capture = false) {
      listeners.push({ type, listener, capture });
    },
    removeEventListener(type: string, listener: () => void, capture = false) {
      listeners = listeners.filter(
        (l) => !(l.type === type && l.listener === listener && l.capture === capture),
      );
    },
    dispatchEvent(event: Event) {
      for (const l of listeners.filter((l) => l.type === event.type)) l.listener();
    },
  };
}

describe('work deferred until the page has settled (issue 22)', () => {
  let fetching = 0;
  let page = fakeWindow();
  beforeEach(() => {
    vi.useFakeTimers();
    fetching = 0;
    page = fakeWindow();
    vi.stubGlobal('window', page);
    vi.stubGlobal('document', { readyState: 'complete' });
    vi.spyOn(queryClient, 'isFetching').mockImplementation(() => fetching);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('runs once the page has stayed quiet for about a second, and only once', () => {
    const work = vi.fn();
    whenPageSettled(work);
    vi.advanceTimersByTime(750);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250);
    expect(work).toHaveBeenCalledTimes(1);
    page.dispatchEvent(new Event('click'));
    vi.advanceTimersByTime(5000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits while data is being fetched, counting the quiet time again after', () => {
    const work = vi.fn();
    fetching = 1;
    whenPageSettled(work);
    vi.advanceTimersByTime(3000);
    expect(work).not.toHaveBeenCalled();
    fetching = 0;
    vi.advanceTimersByTime(750);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs after the first click or key, before the page has settled', () => {
    const first = vi.fn();
    const second = vi.fn();
    fetching = 1;
    whenPageSettled(first);
    whenPageSettled(second);
    page.dispatchEvent(new Event('click'));
    // One task later: after the click's own handlers.
    expect(first).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    page.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(5000);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it("waits while the click's foreground work runs (a first sound), then runs", async () => {
    const work = vi.fn();
    fetching = 1;
    whenPageSettled(work);
    let sounded = () => {};
    page.dispatchEvent(new Event('click'));
    beginForegroundWork(new Promise<void>((resolve) => (sounded = resolve)), 1000);
    vi.advanceTimersByTime(100);
    expect(work).not.toHaveBeenCalled();
    sounded();
    await vi.advanceTimersByTimeAsync(0);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs when the foreground work outlasts its limit', () => {
    const work = vi.fn();
    fetching = 1;
    whenPageSettled(work);
    page.dispatchEvent(new Event('keydown'));
    beginForegroundWork(new Promise(() => {}), 300);
    vi.advanceTimersByTime(299);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits for the page to settle whatever is clicked, when asked', () => {
    const work = vi.fn();
    fetching = 1;
    whenPageSettled(work, { atFirstInput: false });
    page.dispatchEvent(new Event('click'));
    vi.advanceTimersByTime(2000);
    expect(work).not.toHaveBeenCalled();
    fetching = 0;
    vi.advanceTimersByTime(1000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled', () => {
    const work = vi.fn();
    const cancel = whenPageSettled(work);
    cancel();
    page.dispatchEvent(new Event('click'));
    vi.advanceTimersByTime(5000);
    expect(work).not.toHaveBeenCalled();
  });
});
