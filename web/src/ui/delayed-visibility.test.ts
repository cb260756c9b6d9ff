import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DelayedVisibility } from './delayed-visibility.ts';

describe('spinner timing', () => {
  let states: boolean[];
  let spinner: DelayedVisibility;
  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    spinner = new DelayedVisibility((v) => states.push(v));
  });
  afterEach(() => vi.useRealTimers());

  it('never shows for work shorter than 500 ms', () => {
    spinner.setActive(true);
    vi.advanceTimersByTime(499);
    spinner.setActive(false);
    vi.advanceTimersByTime(1000);
    expect(states).toEqual([]);
  });

  it('shows after 500 ms and stays at least 200 ms', () => {
    spinner.setActive(true);
    vi.advanceTimersByTime(500);
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(50);
    spinner.setActive(false);
    vi.advanceTimersByTime(149);
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true, false]);
  });

  it('hides at once when it has already been visible for 200 ms', () => {
    spinner.setActive(true);
    vi.advanceTimersByTime(900);
    spinner.setActive(false);
    expect(states).toEqual([true, false]);
  });
});
