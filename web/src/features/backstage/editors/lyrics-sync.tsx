import { useEffect, useRef, useState } from 'react';
import { formatLrc, parseLyrics } from '@backbeat/common';
import { streamTrack } from '@backbeat/common/contracts';
import { apiUrl } from '../../../lib/api.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button, buttonClass } from '../../../ui/button.tsx';

/**
 * The LRC sync helper: the track plays here, and each tap of the Stamp button (or the Enter
 * key while it has focus) stamps the current line with the playing time and moves on. When
 * the last line is stamped, the lyrics become LRC.
 */
export function LyricsSync({
  trackId,
  text,
  onDone,
}: {
  trackId: number;
  text: string;
  onDone: (lrc: string) => void;
}) {
  const trans = useTrans();
  const audio = useRef<HTMLAudioElement>(null);
  const stampButton = useRef<HTMLButtonElement>(null);
  const lines = parseLyrics(text)
    .lines.map((line) => line.text)
    .filter(Boolean);
  const [index, setIndex] = useState<number | null>(null);
  const [stamps, setStamps] = useState<number[]>([]);

  useEffect(() => {
    if (index !== null) stampButton.current?.focus();
  }, [index]);

  const start = async () => {
    setStamps([]);
    setIndex(0);
    if (audio.current) {
      audio.current.currentTime = 0;
      await audio.current.play().catch(() => {});
    }
  };

  const stamp = () => {
    if (index === null || !audio.current) return;
    const next = [...stamps, Math.round(audio.current.currentTime * 1000)];
    setStamps(next);
    if (index + 1 >= lines.length) {
      audio.current.pause();
      setIndex(null);
      onDone(formatLrc(lines.map((line, i) => ({ time: next[i] ?? 0, text: line }))));
    } else {
      setIndex(index + 1);
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border p-4">
      <p className="text-sm font-medium">{trans('Sync lyrics to the audio')}</p>
      <audio
        ref={audio}
        aria-label={trans('Track audio for syncing')}
        controls
        preload="none"
        src={apiUrl(streamTrack, { id: trackId })}
        className="w-full"
      />
      {index === null ? (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={!lines.length}
          onClick={() => void start()}
        >
          {trans('Start syncing')}
        </Button>
      ) : (
        <div className="flex flex-col gap-2">
          <p aria-live="polite" className="text-sm">
            {trans('Line :n of :total', { n: index + 1, total: lines.length })}:{' '}
            <strong>{lines[index]}</strong>
          </p>
          <button
            ref={stampButton}
            type="button"
            className={buttonClass('primary', 'sm', 'w-fit')}
            onClick={stamp}
          >
            {trans('Stamp line')}
          </button>
        </div>
      )}
    </div>
  );
}
