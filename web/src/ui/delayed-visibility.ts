import { useEffect, useRef, useState } from 'react';
import { SPINNER } from '@backbeat/common';

/**
 * Spec §9 spinner timing as a small state machine: show only if work lasts longer than the
 * delay, and once shown, stay at least the minimum so it never flickers.
 */
export class DelayedVisibility {
  private shownAt: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly onChange: (visible: boolean) => void,
    private readonly delayMs: number = SPINNER.delayMs,
    private readonly minDurationMs: number = SPINNER.minDurationMs,
  ) {}

  setActive(active: boolean): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (active) {
      if (this.shownAt !== null) return;
      this.timer = setTimeout(() => {
        this.shownAt = Date.now();
        this.onChange(true);
      }, this.delayMs);
      return;
    }
    if (this.shownAt === null) return;
    const left = this.minDurationMs - (Date.now() - this.shownAt);
    const hide = () => {
      this.shownAt = null;
      this.onChange(false);
    };
    if (left <= 0) hide();
    else this.timer = setTimeout(hide, left);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}

export function useDelayedVisibility(
  active: boolean,
  delayMs?: number,
  minDurationMs?: number,
): boolean {
  const [visible, setVisible] = useState(false);
  const controller = useRef<DelayedVisibility | null>(null);
  useEffect(() => {
    const instance = new DelayedVisibility(setVisible, delayMs, minDurationMs);
    controller.current = instance;
    return () => instance.dispose();
  }, [delayMs, minDurationMs]);
  useEffect(() => {
    controller.current?.setActive(active);
  }, [active]);
  return visible;
}
