import { useSearchParams } from 'react-router';
import clsx from 'clsx';
import { useTrans } from '../../../lib/translator.ts';
import { DEFAULT_RANGE, RANGE_PRESETS, presetOf, queryOf } from '../range.ts';

/** The chosen range lives in the address (`?range=90d`), so a view can be shared or reloaded. */
export function useInsightsRange() {
  const [params, setParams] = useSearchParams();
  const key = presetOf(params.get('range') ?? DEFAULT_RANGE).key;
  return {
    key,
    query: queryOf(key),
    setKey(next: string) {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('range', next);
          return updated;
        },
        { replace: true },
      );
    },
  };
}

export function RangePicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (key: string) => void;
}) {
  const trans = useTrans();
  return (
    <div role="group" aria-label={trans('Range')} className="flex flex-wrap gap-1">
      {RANGE_PRESETS.map((preset) => (
        <button
          key={preset.key}
          type="button"
          aria-pressed={preset.key === value}
          onClick={() => onChange(preset.key)}
          className={clsx(
            'rounded-full border px-3 py-1.5 text-sm transition-colors',
            preset.key === value
              ? 'border-primary bg-primary text-on-primary'
              : 'border-border text-fg hover:bg-bg-hover',
          )}
        >
          {trans(preset.label)}
        </button>
      ))}
    </div>
  );
}
