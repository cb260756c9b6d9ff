import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { createListenerHold } from './listener-hold.ts';

interface Counter {
  count: number;
}

function holdableStore(maxMs = 100) {
  const hold = createListenerHold<Counter>(maxMs);
  const store = createStore<Counter>()((_set, _get, api) => {
    hold.attach(api);
    return { count: 0 };
  });
  return { hold, store };
}

afterEach(() => vi.useRealTimers());

describe('listener hold', () => {
  it('tells listeners at once when nothing is held', () => {
    const { store } = holdableStore();
    const heard: [number, number][] = [];
    store.subscribe((state, previous) => heard.push([state.count, previous.count]));
    store.setState({ count: 1 });
    expect(heard).toEqual([[1, 0]]);
  });

  it('answers the new state at once but tells listeners once, on resume, of all that changed', () => {
    const { hold, store } = holdableStore();
    const heard: [number, number][] = [];
    store.subscribe((state, previous) => heard.push([state.count, previous.count]));
    hold.hold();
    store.setState({ count: 1 });
    store.setState({ count: 2 });
    expect(store.getState().count).toBe(2);
    expect(heard).toEqual([]);
    hold.resume();
    expect(heard).toEqual([[2, 0]]);
    store.setState({ count: 3 });
    expect(heard).toEqual([
      [2, 0],
      [3, 2],
    ]);
  });

  it('lets go by itself after its longest wait', () => {
    vi.useFakeTimers();
    const { hold, store } = holdableStore(100);
    const listener = vi.fn();
    store.subscribe(listener);
    hold.hold();
    store.setState({ count: 1 });
    vi.advanceTimersByTime(99);
    expect(listener).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(listener).toHaveBeenCalledTimes(1);
    hold.resume();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('forgets a listener that unsubscribed while held', () => {
    const { hold, store } = holdableStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    hold.hold();
    store.setState({ count: 1 });
    unsubscribe();
    hold.resume();
    expect(listener).not.toHaveBeenCalled();
  });
});
