import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { BackstageArtist } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { PageSkeleton, QueryError } from '../../../entities/errors/page-states.tsx';
import { api } from '../../../lib/api.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { TextArea, TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { useFieldErrors } from '../components/use-field-errors.ts';
import { refreshBackstage, useBackstageArtist } from '../queries.ts';
import { ImageField, Section, splitNames } from './form-parts.tsx';

/**
 * `backstage/artists/{id}/edit` (admin reuses it: `artistId` or `id`), and admin's
 * `artists/new`, which creates the profile and then opens its editor.
 */
export function ArtistEditorPage() {
  const params = useParams();
  const idParam = params.artistId ?? params.id;
  if (idParam === undefined) return <ArtistForm artist={null} />;
  return <ExistingArtist id={Number(idParam)} />;
}

function ExistingArtist({ id }: { id: number }) {
  const query = useBackstageArtist(id);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  return <ArtistForm key={query.data.id} artist={query.data} />;
}

function ArtistForm({ artist }: { artist: BackstageArtist | null }) {
  const trans = useTrans();
  const navigate = useNavigate();
  const fields = useFieldErrors();
  const [name, setName] = useState(artist?.name ?? '');
  const [image, setImage] = useState(artist?.image ?? '');
  const [bio, setBio] = useState(artist?.description ?? '');
  const [genres, setGenres] = useState(artist?.genres.join(', ') ?? '');
  const [links, setLinks] = useState(artist?.links ?? []);
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    fields.clear();
    const input = {
      name,
      image: image || null,
      description: bio || null,
      genres: splitNames(genres),
      links: links.filter((link) => link.url.trim()),
    };
    try {
      if (artist) {
        await api(endpoints.updateBackstageArtist, { id: artist.id, ...input });
      } else {
        const created = await api(endpoints.createBackstageArtist, input);
        void navigate(`../${created.artist.id}/edit`, { relative: 'path', replace: true });
      }
      void refreshBackstage();
      toast(artist ? trans('Artist saved') : trans('Artist created'));
    } catch (failure) {
      fields.show(failure);
    } finally {
      setBusy(false);
    }
  };

  const setLink = (index: number, change: Partial<{ url: string; title: string }>) =>
    setLinks((list) => list.map((link, i) => (i === index ? { ...link, ...change } : link)));

  return (
    <form
      onSubmit={save}
      noValidate
      className="flex max-w-3xl flex-col gap-6"
      aria-labelledby="artist-title"
    >
      <h1 id="artist-title" className="flex items-center gap-2 text-2xl font-semibold">
        {artist ? trans('Edit ":name"', { name: artist.name }) : trans('New artist')}
        {artist?.verified && (
          <span className="inline-flex text-primary" title={trans('Verified')}>
            <Icon name="verified" size={22} />
            <span className="sr-only">{trans('Verified')}</span>
          </span>
        )}
      </h1>
      <Section title={trans('Profile')}>
        <TextField
          label={trans('Name')}
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fields.error('name')}
          required
        />
        <ImageField
          label={trans('Upload image')}
          value={image}
          onChange={setImage}
          error={fields.error('image')}
        />
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          {trans('Bio')}
          <TextArea
            name="description"
            rows={6}
            value={bio}
            onChange={(e) => setBio(e.target.value)}
          />
        </label>
        <TextField
          label={trans('Genres')}
          name="genres"
          description={trans('Separate them with commas.')}
          value={genres}
          onChange={(e) => setGenres(e.target.value)}
          error={fields.error('genres')}
        />
      </Section>
      <Section title={trans('Links')}>
        {links.map((link, index) => (
          <div key={index} className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
            <TextField
              label={trans('Title')}
              value={link.title}
              onChange={(e) => setLink(index, { title: e.target.value })}
              size="sm"
            />
            <TextField
              label={trans('Address')}
              name={index === 0 ? 'links' : undefined}
              value={link.url}
              onChange={(e) => setLink(index, { url: e.target.value })}
              size="sm"
            />
            <Button
              variant="text"
              size="sm"
              onClick={() => setLinks((list) => list.filter((_, i) => i !== index))}
            >
              {trans('Remove')}
            </Button>
          </div>
        ))}
        {fields.error('links') && <p className="text-xs text-danger">{fields.error('links')}</p>}
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => setLinks((list) => [...list, { url: '', title: '' }])}
        >
          {trans('Add link')}
        </Button>
      </Section>
      <Button type="submit" disabled={busy} className="w-fit">
        {artist ? trans('Save') : trans('Create artist')}
      </Button>
    </form>
  );
}
