import { useId, useRef, useState, type ChangeEvent } from 'react';
import { PLAYLIST_IMAGE_MAX_BYTES } from '@backbeat/common';
import { fieldErrors } from '../../../lib/api-error.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { Artwork } from '../../catalog/components/artwork.tsx';
import { removePlaylistImage, uploadPlaylistImage } from '../playlist-queries.ts';
import { showErrorToast } from '../../../ui/toast/error-toast.ts';

const ACCEPTED = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * The playlist's image in its edit form: uploaded or removed at once (the server checks the
 * file by its content and size; the checks here only save a useless upload).
 */
export function PlaylistImageField({
  playlist,
}: {
  playlist: { id: number; name: string; image: string | null };
}) {
  const trans = useTrans();
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [image, setImage] = useState(playlist.image);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<{ image: string | null }>, done: string) => {
    setBusy(true);
    try {
      setImage((await action()).image);
      setError(undefined);
      toast(done);
    } catch (failure) {
      const message = fieldErrors(failure).file;
      if (message) setError(trans(message));
      else showErrorToast(failure, trans);
    } finally {
      setBusy(false);
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!ACCEPTED.split(',').includes(file.type)) {
      setError(trans('Please select an image.'));
      return;
    }
    if (file.size > PLAYLIST_IMAGE_MAX_BYTES) {
      setError(
        trans('The image may not be larger than :size MB.', {
          size: PLAYLIST_IMAGE_MAX_BYTES / (1024 * 1024),
        }),
      );
      return;
    }
    void run(() => uploadPlaylistImage(playlist.id, file), trans('Image uploaded'));
  };

  return (
    <div className="flex items-center gap-4">
      <Artwork
        src={image}
        size={96}
        rounded="lg"
        fallbackIcon="playlistPlay"
        alt={image ? trans('Image of :name', { name: playlist.name }) : ''}
      />
      <div className="flex flex-col items-start gap-2">
        <input
          ref={input}
          type="file"
          accept={ACCEPTED}
          className="sr-only"
          tabIndex={-1}
          aria-label={trans('Playlist image')}
          aria-describedby={error ? errorId : undefined}
          onChange={onFile}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {trans(image ? 'Change image' : 'Upload image')}
          </Button>
          {image && (
            <Button
              size="sm"
              variant="text"
              disabled={busy}
              onClick={() =>
                void run(() => removePlaylistImage(playlist.id), trans('Image removed'))
              }
            >
              {trans('Remove image')}
            </Button>
          )}
        </div>
        <p id={errorId} role={error ? 'alert' : undefined} className="text-xs text-danger">
          {error}
        </p>
      </div>
    </div>
  );
}
