import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  ALBUM_TYPES,
  type AlbumType,
  type ArtistRef,
  type BackstageAlbumDetails,
  type MusicVisibility,
} from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { useTrans } from '../../../lib/translator.ts';
import { useEditorBase } from './editor-base.ts';
import { Button } from '../../../ui/button.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { Checkbox, TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { ConfirmDialog } from '../../../entities/workspaces/workspace-form-dialog.tsx';
import { ArtistPicker } from '../components/artist-picker.tsx';
import { useFieldErrors } from '../components/use-field-errors.ts';
import { refreshBackstage } from '../queries.ts';
import { AlbumTracksOrder } from './album-tracks-order.tsx';
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

/** Every field of an album, its track order (drag and drop), publishing and deletion. */
export function AlbumForm({ album }: { album: BackstageAlbumDetails | null }) {
  const trans = useTrans();
  const navigate = useNavigate();
  const base = useEditorBase();
  const fields = useFieldErrors();
  const [name, setName] = useState(album?.name ?? '');
  const [artists, setArtists] = useState<ArtistRef[]>(album?.artists ?? []);
  const [type, setType] = useState<AlbumType>(album?.type ?? 'album');
  const [releaseDate, setReleaseDate] = useState(album?.release_date ?? '');
  const [genres, setGenres] = useState(album?.genres.join(', ') ?? '');
  const [tags, setTags] = useState(album?.tags.join(', ') ?? '');
  const [description, setDescription] = useState(album?.description ?? '');
  const [image, setImage] = useState(album?.image ?? '');
  const [visibility, setVisibility] = useState<MusicVisibility>(album?.visibility ?? 'public');
  const [releaseAt, setReleaseAt] = useState(toLocalInput(album?.release_at ?? null));
  const [gapless, setGapless] = useState(album?.gapless ?? false);
  const [tracks, setTracks] = useState(album?.tracks ?? []);
  const [busy, setBusy] = useState(false);
  const typeLabels: Record<AlbumType, string> = {
    album: trans('Album'),
    single: trans('Single'),
    ep: trans('EP'),
    compilation: trans('Compilation'),
  };

  const values = () => ({
    name,
    artist_ids: artists.map((a) => a.id),
    type,
    release_date: releaseDate || null,
    genres: splitNames(genres),
    tags: splitNames(tags),
    description: description || null,
    image: image || null,
    visibility,
    release_at: fromLocalInput(releaseAt),
    gapless,
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
      if (!album) {
        const created = await api(endpoints.createBackstageAlbum, values());
        toast(trans('Album created'));
        await navigate(`${base}/albums/${created.album.id}/edit`, { replace: true });
        return;
      }
      await api(endpoints.updateBackstageAlbum, { id: album.id, ...values() });
      toast(trans('Album saved'));
    });
  };

  const reorder = (ids: number[]) => {
    if (!album) return;
    const previous = tracks;
    setTracks(ids.map((id) => tracks.find((t) => t.id === id)!));
    void run(async () => {
      try {
        const { album: saved } = await api(endpoints.reorderBackstageAlbum, {
          id: album.id,
          track_ids: ids,
        });
        setTracks(saved.tracks);
      } catch (failure) {
        setTracks(previous);
        throw failure;
      }
    });
  };

  const publish = () =>
    void run(async () => {
      if (!album) return;
      await api(endpoints.updateBackstageAlbum, { id: album.id, ...values() });
      const { album: published } = await api(endpoints.publishBackstageAlbum, { id: album.id });
      setTracks(published.tracks);
      toast(trans('Album published'));
    });

  const remove = async () => {
    if (!album) return;
    const confirmed = await openDialog<boolean>((close) => (
      <ConfirmDialog
        title={trans('Delete album')}
        body={trans('":name", its tracks and everything on them will be deleted for good.', {
          name: album.name,
        })}
        confirm={trans('Delete')}
        close={close}
      />
    ));
    if (!confirmed) return;
    void run(async () => {
      await api(endpoints.deleteBackstageAlbum, { id: album.id });
      toast(trans('Album deleted'));
      await navigate(`${base}/albums`, { replace: true });
    });
  };

  return (
    <form
      onSubmit={save}
      noValidate
      className="flex max-w-3xl flex-col gap-6"
      aria-labelledby="album-title"
    >
      <h1 id="album-title" className="text-2xl font-semibold">
        {album ? trans('Edit ":name"', { name: album.name }) : trans('New album')}
      </h1>
      <Section title={trans('Details')}>
        <TextField
          label={trans('Name')}
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
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={trans('Type')}
            name="type"
            value={type}
            onChange={setType}
            options={ALBUM_TYPES.map((t) => ({ value: t, label: typeLabels[t] }))}
          />
          <TextField
            label={trans('Release date shown')}
            name="release_date"
            type="date"
            value={releaseDate}
            onChange={(e) => setReleaseDate(e.target.value)}
            error={fields.error('release_date')}
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
          label={trans('Scheduled release')}
          name="release_at"
          type="datetime-local"
          description={trans('Hidden until then; leave empty to release on publishing.')}
          value={releaseAt}
          onChange={(e) => setReleaseAt(e.target.value)}
          error={fields.error('release_at')}
        />
        <Checkbox
          label={trans('Recorded without gaps (play the tracks seamlessly, never crossfade)')}
          checked={gapless}
          onChange={(e) => setGapless(e.target.checked)}
        />
      </Section>
      {album && (
        <Section title={trans('Tracks')}>
          <AlbumTracksOrder tracks={tracks} onReorder={reorder} />
          {fields.error('tracks') && (
            <p className="text-xs text-danger">{fields.error('tracks')}</p>
          )}
        </Section>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {album ? trans('Save') : trans('Create album')}
        </Button>
        {album && album.status === 'draft' && (
          <Button variant="outline" disabled={busy} onClick={publish}>
            {trans('Publish album')}
          </Button>
        )}
        {album && (
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
