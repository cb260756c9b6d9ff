import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterForegroundWork, beginForegroundWork } from './foreground-work.ts';

describe('work that waits for the foreground (a first sound, issue 22)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once when nothing is in the foreground', () => {
    const work = vi.fn();
    afterForegroundWork(work);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits until the foreground work is done, then runs in the order it came', async () => {
    const order: string[] = [];
    let done = () => {};
    beginForegroundWork(new Promise<void>((resolve) => (done = resolve)), 1000);
    afterForegroundWork(() => order.push('render'));
    afterForegroundWork(() => order.push('engine'));
    await vi.advanceTimersByTimeAsync(500);
    expect(order).toEqual([]);
    done();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['render', 'engine']);
    // And nothing is held any more.
    afterForegroundWork(() => order.push('later'));
    expect(order).toEqual(['render', 'engine', 'later']);
  });

  it('runs at the time limit when the foreground work never ends, or fails', async () => {
    const work = vi.fn();
    beginForegroundWork(new Promise(() => {}), 300);
    afterForegroundWork(work);
    await vi.advanceTimersByTimeAsync(299);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(1);

    const afterFailure = vi.fn();
    beginForegroundWork(Promise.reject(new Error('refused')), 300);
    afterForegroundWork(afterFailure);
    await vi.advanceTimersByTimeAsync(0);
    expect(afterFailure).toHaveBeenCalledTimes(1);
  });

  it('holds the queue until the newest foreground work ends (a second Play)', async () => {
    const work = vi.fn();
    let firstDone = () => {};
    let secondDone = () => {};
    beginForegroundWork(new Promise<void>((resolve) => (firstDone = resolve)), 1000);
    afterForegroundWork(work);
    beginForegroundWork(new Promise<void>((resolve) => (secondDone = resolve)), 1000);
    firstDone();
    await vi.advanceTimersByTimeAsync(0);
    expect(work).not.toHaveBeenCalled();
    secondDone();
    await vi.advanceTimersByTimeAsync(0);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
