import { formatDuration, type FileEntry, type MediaAnalysis } from '@backbeat/common';
import { useTrans } from '../../lib/translator.ts';
import { Icon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';

/** The peaks of an uploaded track as bars; decorative, the figures beside it carry the facts. */
export function Waveform({ peaks, className }: { peaks: number[]; className?: string }) {
  if (!peaks.length) return null;
  const width = peaks.length * 2;
  return (
    <svg
      viewBox={`0 0 ${width} 32`}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-testid="upload-waveform"
      className={className ?? 'h-8 w-full max-w-xs text-primary'}
    >
      {peaks.map((peak, index) => {
        const height = Math.max(1, Math.min(1, peak) * 32);
        return (
          <rect
            key={index}
            x={index * 2}
            y={(32 - height) / 2}
            width={1.2}
            height={height}
            fill="currentColor"
          />
        );
      })}
    </svg>
  );
}

function ReadyMedia({ media }: { media: MediaAnalysis }) {
  const trans = useTrans();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      <span className="inline-flex items-center gap-1 text-positive">
        <Icon name="checkCircle" size={16} />
        {trans('Ready')}
      </span>
      {media.duration_ms !== null && (
        <span>
          <span className="sr-only">{trans('Duration')} </span>
          {formatDuration(media.duration_ms)}
        </span>
      )}
      {media.loudness && (
        <span title={trans('Integrated loudness (EBU R128)')}>
          {trans(':value LUFS', { value: media.loudness.integrated_lufs.toFixed(1) })}
        </span>
      )}
      <Waveform peaks={media.waveform} />
    </div>
  );
}

/**
 * After the bytes arrive, what the media pipeline made of them: still working, ready (with
 * duration, waveform and loudness) or failed with its reason. An entry without media (not
 * audio, or no pipeline yet) is simply uploaded.
 */
export function MediaSummary({ entry }: { entry: FileEntry }) {
  const trans = useTrans();
  const media = entry.media;
  if (!media) {
    return (
      <span className="inline-flex items-center gap-1 text-sm text-positive">
        <Icon name="checkCircle" size={16} />
        {trans('Uploaded')}
      </span>
    );
  }
  if (media.status === 'ready') return <ReadyMedia media={media} />;
  if (media.status === 'failed') {
    return (
      <span className="inline-flex items-center gap-1 text-sm text-danger">
        <Icon name="error" size={16} />
        {media.error
          ? trans('Processing failed: :error', { error: trans(media.error) })
          : trans('Processing failed')}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-2 text-sm text-fg-muted">
      <Spinner size={16} />
      {trans('Processing…')}
    </span>
  );
}
