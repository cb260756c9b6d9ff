import { afterEach, describe, expect, it, vi } from 'vitest';
import React from 'react';
import { create } from 'zustand';
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

/**
 * React 19's hooks call the dispatcher of the component being rendered; this one stands in for a
 * render, keeping the subscribe function `useSyncExternalStore` was given.
 */
function subscriptionOfHook(hook: () => unknown): (onChange: () => void) => () => void {
  const internals = (React as unknown as Record<string, { H: unknown }>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE!;
  let subscribe: ((onChange: () => void) => () => void) | undefined;
  const previous = internals.H;
  internals.H = {
    useSyncExternalStore: (given: typeof subscribe, snapshot: () => unknown) => {
      subscribe = given;
      return snapshot();
    },
    useCallback: (callback: unknown) => callback,
    useDebugValue: () => {},
  };
  try {
    hook();
  } finally {
    internals.H = previous;
  }
  if (!subscribe) throw new Error('the hook did not subscribe through useSyncExternalStore');
  return subscribe;
}

// player-store.ts relies on zustand's React hook subscribing through `api.subscribe` as the
// store's initializer left it (the hold wraps it there): were zustand to keep its own subscribe,
// the page would re-render within the click again and nothing else would say so.
describe('listener hold under zustand’s React hook', () => {
  it('holds back the re-render of a component that reads the store', () => {
    const hold = createListenerHold<Counter>(100);
    const useCounter = create<Counter>()((_set, _get, api) => {
      hold.attach(api);
      return { count: 0 };
    });
    const rerender = vi.fn();
    subscriptionOfHook(() => useCounter((state) => state.count))(rerender);

    hold.hold();
    useCounter.setState({ count: 1 });
    expect(rerender).not.toHaveBeenCalled();
    hold.resume();
    expect(rerender).toHaveBeenCalledTimes(1);
  });
});
