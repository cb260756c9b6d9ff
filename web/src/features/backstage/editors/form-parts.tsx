import type { ReactNode } from 'react';
import { MUSIC_VISIBILITIES, type MusicVisibility } from '@backbeat/common';
import { useTrans } from '../../../lib/translator.ts';
import { TextArea, TextField } from '../../../ui/text-field.tsx';
import { FileUploadButton, uploadArtworkFile } from '../components/file-upload-button.tsx';

/** Shared pieces of the track, album and artist editors. */

export const splitNames = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** An ISO date as a `datetime-local` value in the viewer's time zone, and back. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
export const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-2xl border border-border p-4 md:p-6">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

export function SelectField<T extends string>({
  label,
  name,
  value,
  options,
  onChange,
  error,
}: {
  label: string;
  name: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  error?: string;
}) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium">
      {label}
      <select
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        aria-invalid={error ? true : undefined}
        className="h-[42px] rounded-lg border border-border bg-bg-elevated px-3 font-normal outline-none focus:border-primary focus:ring-2 focus:ring-primary/40"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && <span className="text-xs text-danger">{error}</span>}
    </label>
  );
}

export function VisibilityField({
  value,
  onChange,
}: {
  value: MusicVisibility;
  onChange: (value: MusicVisibility) => void;
}) {
  const trans = useTrans();
  const labels: Record<MusicVisibility, string> = {
    public: trans('Public'),
    private: trans('Private'),
  };
  return (
    <SelectField
      label={trans('Visibility')}
      name="visibility"
      value={value}
      options={MUSIC_VISIBILITIES.map((v) => ({ value: v, label: labels[v] }))}
      onChange={onChange}
    />
  );
}

/** Artwork: a preview, an upload button and the address itself. */
export function ImageField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const trans = useTrans();
  return (
    <div className="flex items-start gap-4">
      {value ? (
        <img src={value} alt="" className="size-24 shrink-0 rounded-lg object-cover" />
      ) : (
        <span aria-hidden className="size-24 shrink-0 rounded-lg bg-bg-alt" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <FileUploadButton<string>
          label={label}
          accept={['image/png', 'image/jpeg', 'image/gif', 'image/webp']}
          upload={uploadArtworkFile}
          onUploaded={onChange}
        />
        <input
          name="image"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-label={trans('Image address')}
          placeholder="https://…"
          className="h-[36px] rounded-lg border border-border bg-bg-elevated px-3 text-sm outline-none focus:border-primary"
        />
        {error && <span className="text-xs text-danger">{error}</span>}
      </div>
    </div>
  );
}

/** The genres, tags and description every track and album has, with their field errors. */
export function GenresTagsDescription({
  genres,
  tags,
  description,
  onGenres,
  onTags,
  onDescription,
  error,
}: {
  genres: string;
  tags: string;
  description: string;
  onGenres: (value: string) => void;
  onTags: (value: string) => void;
  onDescription: (value: string) => void;
  error: (field: string) => string | undefined;
}) {
  const trans = useTrans();
  return (
    <>
      <TextField
        label={trans('Genres')}
        name="genres"
        description={trans('Separate them with commas.')}
        value={genres}
        onChange={(e) => onGenres(e.target.value)}
        error={error('genres')}
      />
      <TextField
        label={trans('Tags')}
        name="tags"
        description={trans('Separate them with commas.')}
        value={tags}
        onChange={(e) => onTags(e.target.value)}
        error={error('tags')}
      />
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {trans('Description')}
        <TextArea
          name="description"
          value={description}
          onChange={(e) => onDescription(e.target.value)}
        />
      </label>
    </>
  );
}
