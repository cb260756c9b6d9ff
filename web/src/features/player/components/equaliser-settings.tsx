import { useId } from 'react';
import { EQUALISER_BANDS_HZ, EQUALISER_GAIN_DB } from '@backbeat/common';
import { useTrans, type Trans } from '../../../lib/translator.ts';
import {
  EQUALISER_PRESETS,
  presetOf,
  type EqualiserPreset,
  type EqualiserSettings,
} from '../../../entities/player/listening-settings.ts';
import { formatDecibels, SELECT_CLASS, SettingSlider } from './setting-slider.tsx';

const CUSTOM = 'custom';
const EQUALISER_STEP_DB = 0.5;

const bandLabel = (trans: Trans, hertz: number) =>
  hertz >= 1000
    ? trans(':value kHz', { value: hertz / 1000 })
    : trans(':value Hz', { value: hertz });

/** The preset picker, the preamp and one slider per band. */
export function EqualiserSettingsFields({
  value,
  onChange,
}: {
  value: EqualiserSettings;
  onChange(value: EqualiserSettings): void;
}) {
  const trans = useTrans();
  const presetId = useId();
  const preset = presetOf(value.bandsDb) ?? CUSTOM;
  const presetLabels: Record<EqualiserPreset, string> = {
    flat: trans('Flat'),
    bass: trans('Bass boost'),
    vocal: trans('Vocal'),
    treble: trans('Treble boost'),
  };
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-base font-semibold">{trans('Equaliser')}</legend>
      <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] items-center gap-3">
        <label htmlFor={presetId} className="text-sm text-fg">
          {trans('Preset')}
        </label>
        <select
          id={presetId}
          value={preset}
          className={SELECT_CLASS}
          onChange={(event) => {
            const chosen = event.target.value as EqualiserPreset;
            if (chosen in EQUALISER_PRESETS) {
              onChange({ ...value, bandsDb: [...EQUALISER_PRESETS[chosen]] });
            }
          }}
        >
          {(Object.keys(presetLabels) as EqualiserPreset[]).map((name) => (
            <option key={name} value={name}>
              {presetLabels[name]}
            </option>
          ))}
          {preset === CUSTOM && <option value={CUSTOM}>{trans('Custom')}</option>}
        </select>
      </div>
      <SettingSlider
        label={trans('Preamp')}
        value={value.preampDb}
        min={EQUALISER_GAIN_DB.min}
        max={EQUALISER_GAIN_DB.max}
        step={EQUALISER_STEP_DB}
        valueText={formatDecibels(trans, value.preampDb)}
        onChange={(preampDb) => onChange({ ...value, preampDb })}
      />
      {EQUALISER_BANDS_HZ.map((hertz, band) => (
        <SettingSlider
          key={hertz}
          label={bandLabel(trans, hertz)}
          value={value.bandsDb[band] ?? 0}
          min={EQUALISER_GAIN_DB.min}
          max={EQUALISER_GAIN_DB.max}
          step={EQUALISER_STEP_DB}
          valueText={formatDecibels(trans, value.bandsDb[band] ?? 0)}
          onChange={(gain) =>
            onChange({ ...value, bandsDb: value.bandsDb.map((g, i) => (i === band ? gain : g)) })
          }
        />
      ))}
    </fieldset>
  );
}
