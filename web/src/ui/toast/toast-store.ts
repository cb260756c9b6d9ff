import { create } from 'zustand';
import {
  DEFAULT_TOAST_POSITION,
  MAX_VISIBLE_TOASTS,
  TOAST_DURATION_MS,
  TOAST_ID_LENGTH,
} from '@backbeat/common';

export type ToastType = 'positive' | 'danger' | 'loading';
export type ToastPosition = 'bottom-center' | 'bottom-right' | 'top-center' | 'top-right';

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  position: ToastPosition;
  /** Milliseconds before it leaves on its own; null stays until removed (loading). */
  duration: number | null;
  disableEnterAnimation?: boolean;
  disableExitAnimation?: boolean;
  action?: { label: string; action: string };
}

export type ToastInput = Partial<Omit<Toast, 'message'>> & { message: string };

interface ToastState {
  toasts: Toast[];
  add(input: ToastInput): string;
  remove(id: string): void;
  pause(id: string): void;
  resume(id: string): void;
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export function randomToastId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TOAST_ID_LENGTH));
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

function defaultDuration(type: ToastType): number | null {
  if (type === 'loading') return null;
  return type === 'danger' ? TOAST_DURATION_MS.danger : TOAST_DURATION_MS.default;
}

/**
 * Spec §4 toast lifecycle: added, then removed when its timer fires or explicitly; the timer
 * pauses on hover; one toast at a time (a new one evicts the older); an existing id replaces.
 */
export const useToastStore = create<ToastState>((set, get) => {
  const timers = new Map<
    string,
    { handle?: ReturnType<typeof setTimeout>; remaining: number; startedAt: number }
  >();

  const startTimer = (id: string, ms: number) => {
    const handle = setTimeout(() => get().remove(id), ms);
    timers.set(id, { handle, remaining: ms, startedAt: Date.now() });
  };
  const stopTimer = (id: string) => {
    clearTimeout(timers.get(id)?.handle);
    timers.delete(id);
  };

  return {
    toasts: [],
    add(input) {
      const type = input.type ?? 'positive';
      const toast: Toast = {
        ...input,
        id: input.id ?? randomToastId(),
        type,
        position: input.position ?? DEFAULT_TOAST_POSITION,
        duration: input.duration === undefined ? defaultDuration(type) : input.duration,
      };
      stopTimer(toast.id);
      const others = get().toasts.filter((t) => t.id !== toast.id);
      const kept = others.slice(Math.max(0, others.length - (MAX_VISIBLE_TOASTS - 1)));
      for (const evicted of others) if (!kept.includes(evicted)) stopTimer(evicted.id);
      set({ toasts: [...kept, toast] });
      if (toast.duration !== null) startTimer(toast.id, toast.duration);
      return toast.id;
    },
    remove(id) {
      stopTimer(id);
      set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
    },
    pause(id) {
      const timer = timers.get(id);
      if (!timer?.handle) return;
      clearTimeout(timer.handle);
      timers.set(id, { remaining: timer.remaining - (Date.now() - timer.startedAt), startedAt: 0 });
    },
    resume(id) {
      const timer = timers.get(id);
      if (!timer || timer.handle) return;
      startTimer(id, Math.max(0, timer.remaining));
    },
  };
});

/** Shows a toast; the message should already be translated. */
export function toast(message: string, options: Omit<ToastInput, 'message'> = {}): string {
  return useToastStore.getState().add({ ...options, message });
}
toast.danger = (message: string, options: Omit<ToastInput, 'message' | 'type'> = {}) =>
  toast(message, { ...options, type: 'danger' });
toast.loading = (message: string, options: Omit<ToastInput, 'message' | 'type'> = {}) =>
  toast(message, { ...options, type: 'loading' });
toast.remove = (id: string) => useToastStore.getState().remove(id);
