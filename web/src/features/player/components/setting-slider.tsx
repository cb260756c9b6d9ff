import { useId } from 'react';
import type { Trans } from '../../../lib/translator.ts';

/**
 * A labelled native range input with its value beside it: keyboard (arrows, Page Up/Down,
 * Home/End) and screen readers (aria-valuetext with the unit) work without extra code.
 */
export function SettingSlider({
  label,
  value,
  min,
  max,
  step = 1,
  valueText,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  /** The value as read aloud and shown, with its unit ("+3 dB", "4 s"). */
  valueText: string;
  onChange(value: number): void;
}) {
  const id = useId();
  return (
    <div className="grid grid-cols-[6.5rem_minmax(0,1fr)_4.5rem] items-center gap-3">
      <label htmlFor={id} className="text-sm text-fg">
        {label}
      </label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={valueText}
        onChange={(event) => onChange(Number(event.target.value))}
        className="w-full accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      />
      <output htmlFor={id} className="text-right text-sm text-fg-muted tabular-nums">
        {valueText}
      </output>
    </div>
  );
}

export const SELECT_CLASS =
  'h-9 w-full rounded-lg border border-border bg-bg-elevated px-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-primary';

/** "+3 dB", "0 dB", "−4.5 dB": signed, so boost and cut read apart. */
export const formatDecibels = (trans: Trans, value: number) =>
  trans(':value dB', {
    value: `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(Math.round(value * 10) / 10)}`,
  });
