import { useId } from 'react';
import {
  CROSSFADE_SECONDS,
  LOUDNESS_TARGET_LUFS,
  STREAMING_QUALITIES,
  type StreamingQuality,
} from '@backbeat/common';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog/dialog.tsx';
import {
  NORMALISATION_MODES,
  type NormalisationMode,
} from '../../../entities/player/listening-settings.ts';
import {
  resetListeningSettings,
  updateListeningSettings,
  useListeningSettings,
} from '../../../entities/player/listening-settings-store.ts';
import { EqualiserSettingsFields } from './equaliser-settings.tsx';
import { SELECT_CLASS, SettingSlider } from './setting-slider.tsx';

/**
 * The listener's listening engine: loudness levelling, equaliser and crossfade. Changes apply
 * while the music plays and are kept in this browser.
 */
export function PlaybackSettingsDialog() {
  const trans = useTrans();
  const settings = useListeningSettings();
  const normalisationId = useId();
  const qualityId = useId();
  const qualityLabel = (quality: StreamingQuality) =>
    quality === 'original' ? trans('Original') : trans(':value kbit/s', { value: quality });
  const normalisationLabels: Record<NormalisationMode, string> = {
    off: trans('Off'),
    track: trans('Per track'),
    album: trans('Per album'),
  };

  return (
    <Dialog
      title={trans('Playback settings')}
      size="sm"
      footer={
        <Button variant="outline" onClick={resetListeningSettings}>
          {trans('Reset to defaults')}
        </Button>
      }
    >
      <div className="space-y-6">
        <fieldset className="space-y-3">
          <legend className="mb-1 text-base font-semibold">{trans('Loudness')}</legend>
          <p className="text-sm text-fg-muted">
            {trans('Plays every track at the same loudness, without clipping.')}
          </p>
          <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] items-center gap-3">
            <label htmlFor={normalisationId} className="text-sm text-fg">
              {trans('Normalise')}
            </label>
            <select
              id={normalisationId}
              value={settings.normalisation}
              className={SELECT_CLASS}
              onChange={(event) =>
                updateListeningSettings({
                  normalisation: event.target.value as NormalisationMode,
                })
              }
            >
              {NORMALISATION_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {normalisationLabels[mode]}
                </option>
              ))}
            </select>
          </div>
          <SettingSlider
            label={trans('Target')}
            value={settings.targetLufs}
            min={LOUDNESS_TARGET_LUFS.min}
            max={LOUDNESS_TARGET_LUFS.max}
            valueText={trans(':value LUFS', { value: settings.targetLufs })}
            onChange={(targetLufs) => updateListeningSettings({ targetLufs })}
          />
        </fieldset>

        <EqualiserSettingsFields
          value={settings.equaliser}
          onChange={(equaliser) => updateListeningSettings({ equaliser })}
        />

        <fieldset className="space-y-3">
          <legend className="mb-1 text-base font-semibold">{trans('Crossfade')}</legend>
          <SettingSlider
            label={trans('Overlap')}
            value={settings.crossfadeSeconds}
            min={CROSSFADE_SECONDS.min}
            max={CROSSFADE_SECONDS.max}
            valueText={
              settings.crossfadeSeconds === 0
                ? trans('Off')
                : trans(':value s', { value: settings.crossfadeSeconds })
            }
            onChange={(crossfadeSeconds) => updateListeningSettings({ crossfadeSeconds })}
          />
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="mb-1 text-base font-semibold">{trans('Streaming quality')}</legend>
          <p className="text-sm text-fg-muted">
            {trans(
              'A lower bitrate saves mobile data. Kept on this device; applies from the next track.',
            )}
          </p>
          <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] items-center gap-3">
            <label htmlFor={qualityId} className="text-sm text-fg">
              {trans('Quality')}
            </label>
            <select
              id={qualityId}
              value={settings.streamingQuality}
              className={SELECT_CLASS}
              onChange={(event) =>
                updateListeningSettings({
                  streamingQuality: event.target.value as StreamingQuality,
                })
              }
            >
              {STREAMING_QUALITIES.map((quality) => (
                <option key={quality} value={quality}>
                  {qualityLabel(quality)}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
      </div>
    </Dialog>
  );
}
