import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ArtistRef, BackstageTrack, MusicVisibility } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { useTrans } from '../../../lib/translator.ts';
import { useEditorBase } from './editor-base.ts';
import { Button } from '../../../ui/button.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { Checkbox, TextArea, TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { ConfirmDialog } from '../../../entities/workspaces/workspace-form-dialog.tsx';
import { ArtistPicker } from '../components/artist-picker.tsx';
import { FileUploadButton } from '../components/file-upload-button.tsx';
import { useFieldErrors } from '../components/use-field-errors.ts';
import { refreshBackstage, useMyAlbums } from '../queries.ts';
import {
  ImageField,
  Section,
  SelectField,
  VisibilityField,
  fromLocalInput,
  splitNames,
  toLocalInput,
  GenresTagsDescription,
} from './form-parts.tsx';
import { LyricsSync } from './lyrics-sync.tsx';
import { NumberTextField } from '../../../ui/number-field/number-field.tsx';

/** Every field of a track: details, lyrics (with the sync helper), artwork, release and audio. */
export function TrackForm({ track }: { track: BackstageTrack | null }) {
  const trans = useTrans();
  const navigate = useNavigate();
  const base = useEditorBase();
  const fields = useFieldErrors();
  const albums = useMyAlbums();
  const [name, setName] = useState(track?.name ?? '');
  const [artists, setArtists] = useState<ArtistRef[]>(track?.artists ?? []);
  const [albumId, setAlbumId] = useState(String(track?.album?.id ?? ''));
  const [number, setNumber] = useState(track?.number ? String(track.number) : '');
  const [genres, setGenres] = useState(track?.genres.join(', ') ?? '');
  const [tags, setTags] = useState(track?.tags.join(', ') ?? '');
  const [description, setDescription] = useState(track?.description ?? '');
  const [lyrics, setLyrics] = useState(track?.lyrics ?? '');
  const [image, setImage] = useState(track?.image ?? '');
  const [visibility, setVisibility] = useState<MusicVisibility>(track?.visibility ?? 'public');
  const [downloadable, setDownloadable] = useState(track?.downloadable ?? false);
  const [releaseAt, setReleaseAt] = useState(toLocalInput(track?.release_at ?? null));
  const [audio, setAudio] = useState<{ id: number; name: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const values = () => ({
    name,
    artist_ids: artists.map((a) => a.id),
    album_id: albumId ? Number(albumId) : null,
    number: number ? Number(number) : null,
    genres: splitNames(genres),
    tags: splitNames(tags),
    description: description || null,
    lyrics: lyrics || null,
    image: image || null,
    visibility,
    downloadable,
    release_at: fromLocalInput(releaseAt),
    ...(audio ? { file_entry_id: audio.id } : {}),
  });

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    fields.clear();
    try {
      await work();
      void refreshBackstage();
    } catch (failure) {
      fields.show(failure);
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (!track) {
        const created = await api(endpoints.createBackstageTrack, values());
        toast(trans('Track created'));
        await navigate(`${base}/tracks/${created.track.id}/edit`, { replace: true });
        return;
      }
      await api(endpoints.updateBackstageTrack, { id: track.id, ...values() });
      setAudio(null);
      toast(trans('Track saved'));
    });
  };

  const publish = () =>
    void run(async () => {
      if (!track) return;
      await api(endpoints.updateBackstageTrack, { id: track.id, ...values() });
      await api(endpoints.publishBackstageTrack, { id: track.id });
      toast(trans('Track published'));
    });

  const remove = async () => {
    if (!track) return;
    const confirmed = await openDialog<boolean>((close) => (
      <ConfirmDialog
        title={trans('Delete track')}
        body={trans('":name" and its likes, comments and files will be deleted for good.', {
          name: track.name,
        })}
        confirm={trans('Delete')}
        close={close}
      />
    ));
    if (!confirmed) return;
    void run(async () => {
      await api(endpoints.deleteBackstageTrack, { id: track.id });
      toast(trans('Track deleted'));
      await navigate(`${base}/tracks`, { replace: true });
    });
  };

  return (
    <form
      onSubmit={save}
      noValidate
      className="flex max-w-3xl flex-col gap-6"
      aria-labelledby="track-title"
    >
      <header className="flex flex-wrap items-center gap-3">
        <h1 id="track-title" className="flex-1 text-2xl font-semibold">
          {track ? trans('Edit ":name"', { name: track.name }) : trans('New track')}
        </h1>
        {track && (
          <span className="rounded-full bg-bg-alt px-3 py-1 text-xs font-medium">
            {track.status === 'published' ? trans('Published') : trans('Draft')}
          </span>
        )}
      </header>
      <Section title={trans('Details')}>
        <TextField
          label={trans('Title')}
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fields.error('name')}
          required
        />
        <div data-field="artist_ids">
          <ArtistPicker
            label={trans('Artists')}
            value={artists}
            onChange={setArtists}
            error={fields.error('artist_ids')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <SelectField
            label={trans('Album')}
            name="album_id"
            value={albumId}
            onChange={setAlbumId}
            error={fields.error('album_id')}
            options={[
              { value: '', label: trans('No album (single)') },
              ...(albums.data?.pagination.data ?? []).map((a) => ({
                value: String(a.id),
                label: a.name,
              })),
            ]}
          />
          <NumberTextField
            label={trans('Number')}
            name="number"
            value={number}
            onValueChange={setNumber}
            error={fields.error('number')}
          />
        </div>
        <GenresTagsDescription
          genres={genres}
          tags={tags}
          description={description}
          onGenres={setGenres}
          onTags={setTags}
          onDescription={setDescription}
          error={fields.error}
        />
      </Section>
      <Section title={trans('Lyrics')}>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          {trans('Lyrics (plain text, or LRC with [mm:ss.xx] times)')}
          <TextArea
            name="lyrics"
            rows={8}
            value={lyrics}
            onChange={(e) => setLyrics(e.target.value)}
            className="font-mono"
          />
          {fields.error('lyrics') && (
            <span className="text-xs text-danger">{fields.error('lyrics')}</span>
          )}
        </label>
        {track?.has_audio && <LyricsSync trackId={track.id} text={lyrics} onDone={setLyrics} />}
      </Section>
      <Section title={trans('Artwork')}>
        <ImageField
          label={trans('Upload artwork')}
          value={image}
          onChange={setImage}
          error={fields.error('image')}
        />
      </Section>
      <Section title={trans('Release')}>
        <VisibilityField value={visibility} onChange={setVisibility} />
        <TextField
          label={trans('Release date')}
          name="release_at"
          type="datetime-local"
          description={trans('Hidden until then; leave empty to release on publishing.')}
          value={releaseAt}
          onChange={(e) => setReleaseAt(e.target.value)}
          error={fields.error('release_at')}
        />
        <Checkbox
          label={trans('Listeners may download this track')}
          checked={downloadable}
          onChange={(e) => setDownloadable(e.target.checked)}
        />
      </Section>
      <Section title={trans('Audio')}>
        <p className="text-sm text-fg-muted">
          {audio
            ? trans('New audio: :name (saved with the track)', { name: audio.name })
            : track?.has_audio
              ? trans('Replacing the audio keeps the plays and comments.')
              : trans('No audio yet.')}
        </p>
        <FileUploadButton
          label={track?.has_audio ? trans('Replace audio') : trans('Upload audio')}
          accept={['audio/*']}
          onUploaded={(entry) => setAudio({ id: entry.id, name: entry.name })}
        />
        {fields.error('file_entry_id') && (
          <p className="text-xs text-danger">{fields.error('file_entry_id')}</p>
        )}
      </Section>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {track ? trans('Save') : trans('Create track')}
        </Button>
        {track?.status === 'draft' && (
          <Button variant="outline" disabled={busy} onClick={publish}>
            {trans('Publish')}
          </Button>
        )}
        {track && (
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => void remove()}
            className="sm:ml-auto"
          >
            {trans('Delete')}
          </Button>
        )}
      </div>
    </form>
  );
}
