import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from './toast-store.ts';

const store = () => useToastStore.getState();

describe('toast lifecycle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('leaves after 3 s by default and 8 s for danger', () => {
    store().add({ message: 'Saved' });
    vi.advanceTimersByTime(2999);
    expect(store().toasts.map((t) => t.message)).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(store().toasts).toEqual([]);

    store().add({ message: 'Failed', type: 'danger' });
    vi.advanceTimersByTime(7999);
    expect(store().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store().toasts).toHaveLength(0);
  });

  it('keeps a loading toast until it is removed', () => {
    const id = store().add({ message: 'Uploading', type: 'loading' });
    vi.advanceTimersByTime(60_000);
    expect(store().toasts).toHaveLength(1);
    store().remove(id);
    expect(store().toasts).toHaveLength(0);
  });

  it('keeps one toast at a time: a new one evicts the older', () => {
    store().add({ message: 'First' });
    store().add({ message: 'Second' });
    expect(store().toasts.map((t) => t.message)).toEqual(['Second']);
  });

  it('replaces a toast added with an existing id and restarts its timer', () => {
    store().add({ id: 'abc123', message: 'Uploading', type: 'loading' });
    store().add({ id: 'abc123', message: 'Uploaded' });
    expect(store().toasts).toMatchObject([{ id: 'abc123', message: 'Uploaded', type: 'positive' }]);
    vi.advanceTimersByTime(3000);
    expect(store().toasts).toHaveLength(0);
  });

  it('pauses the timer on hover and resumes with the time that was left', () => {
    const id = store().add({ message: 'Saved' });
    vi.advanceTimersByTime(2000);
    store().pause(id);
    vi.advanceTimersByTime(10_000);
    expect(store().toasts).toHaveLength(1);
    store().resume(id);
    vi.advanceTimersByTime(999);
    expect(store().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store().toasts).toHaveLength(0);
  });

  it('gives toasts a 6 character id and the bottom-center position by default', () => {
    const id = store().add({ message: 'Hi' });
    expect(id).toMatch(/^[a-z0-9]{6}$/);
    expect(store().toasts[0]?.position).toBe('bottom-center');
  });
});
