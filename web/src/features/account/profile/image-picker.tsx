import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';

/** A picture chosen in the dialog but not saved yet: a new file, or the current one removed. */
export interface PendingImage {
  file: File | null;
  removed: boolean;
  /** 0..1 while the file goes up; null otherwise. */
  progress: number | null;
  error: string | null;
}

export const untouchedImage: PendingImage = {
  file: null,
  removed: false,
  progress: null,
  error: null,
};

/** An object URL for a chosen file, revoked when the file changes or the picker goes away. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

/**
 * Picks an image with a preview: round for the avatar, wide for the header. The file is
 * checked here for type and size (the server checks again by content) and sent on save.
 */
export function ImagePicker({
  label,
  shape,
  current,
  maxBytes,
  value,
  onChange,
  fallback,
}: {
  label: string;
  shape: 'round' | 'banner';
  /** The saved image's address. */
  current: string | null;
  maxBytes: number;
  value: PendingImage;
  onChange: (value: PendingImage) => void;
  /** What shows when there is no image (initials, a gradient). */
  fallback: React.ReactNode;
}) {
  const trans = useTrans();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const previewUrl = usePreviewUrl(value.file);
  const shown = value.file ? previewUrl : value.removed ? null : current;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let error: string | null = null;
    if (!file.type.startsWith('image/')) error = trans('Please select an image.');
    else if (file.size > maxBytes)
      error = trans('The image may not be larger than :size MB.', {
        size: Math.round(maxBytes / (1024 * 1024)),
      });
    onChange(error ? { ...value, error } : { file, removed: false, progress: null, error: null });
  };

  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby={value.error ? hintId : undefined}
      className={clsx('flex gap-4', shape === 'banner' ? 'flex-col' : 'items-center')}
    >
      <div
        className={clsx(
          'relative shrink-0 overflow-hidden bg-bg-alt',
          shape === 'round' ? 'size-24 rounded-full' : 'aspect-[4/1] w-full rounded-2xl',
          value.error && 'ring-2 ring-danger',
        )}
      >
        {shown ? (
          <img
            src={shown}
            alt={trans('Preview of :name', { name: label })}
            data-testid={`${shape}-preview`}
            className="size-full object-cover"
          />
        ) : (
          fallback
        )}
        {value.progress !== null && (
          <div
            role="progressbar"
            aria-label={trans('Uploading :name', { name: label })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(value.progress * 100)}
            className="absolute inset-x-0 bottom-0 h-1.5 bg-black/30"
          >
            <div
              className="h-full bg-primary transition-[width]"
              style={{ width: `${Math.round(value.progress * 100)}%` }}
            />
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <p className="text-sm font-medium text-fg">{label}</p>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-label={trans('Choose :name', { name: label })}
            onChange={onFile}
          />
          <Button size="xs" variant="outline" onClick={() => input.current?.click()}>
            <Icon name="edit" size={16} />
            {shown ? trans('Change') : trans('Upload')}
          </Button>
          {shown && (
            <Button
              size="xs"
              variant="text"
              onClick={() => onChange({ ...untouchedImage, removed: current !== null })}
            >
              <Icon name="delete" size={16} />
              {trans('Remove')}
            </Button>
          )}
        </div>
        {value.error && (
          <p id={hintId} role="alert" className="text-xs text-danger">
            {value.error}
          </p>
        )}
      </div>
    </div>
  );
}
