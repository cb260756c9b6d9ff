import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOVER_POPOVER_CLOSE_MS } from '@backbeat/common';
import { HOVER_POPOVER_OPEN_MS, createHoverIntent } from './hover-intent.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function opened() {
  const changes: boolean[] = [];
  const intent = createHoverIntent((open) => changes.push(open));
  intent.enter();
  vi.advanceTimersByTime(HOVER_POPOVER_OPEN_MS);
  return { intent, changes };
}

describe('hover popover timing', () => {
  it('opens once the pointer rests on the trigger, not when it passes over', () => {
    const changes: boolean[] = [];
    const intent = createHoverIntent((open) => changes.push(open));
    intent.enter();
    vi.advanceTimersByTime(HOVER_POPOVER_OPEN_MS - 1);
    intent.leave();
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([]);
    intent.enter();
    vi.advanceTimersByTime(HOVER_POPOVER_OPEN_MS);
    expect(changes).toEqual([true]);
  });

  it('closes 150 ms after the pointer leaves', () => {
    const { intent, changes } = opened();
    expect(HOVER_POPOVER_CLOSE_MS).toBe(150);
    intent.leave();
    vi.advanceTimersByTime(149);
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true, false]);
  });

  it('stays open when the pointer crosses from the trigger into the popover in time', () => {
    const { intent, changes } = opened();
    intent.leave();
    vi.advanceTimersByTime(100);
    intent.enter();
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([true]);
  });

  it('opens and closes at once from the keyboard', () => {
    const changes: boolean[] = [];
    const intent = createHoverIntent((open) => changes.push(open));
    intent.openNow();
    intent.closeNow();
    expect(changes).toEqual([true, false]);
  });
});
