import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  BACKSTAGE_LIMITS,
  BACKSTAGE_REQUEST_TYPES,
  type ArtistRef,
  type BackstageRequestType,
  type FileEntry,
} from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { NotFoundPage } from '../../../entities/errors/error-pages.tsx';
import { api } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/bootstrap.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { TextArea, TextField } from '../../../ui/text-field.tsx';
import { ArtistPicker } from '../components/artist-picker.tsx';
import { FileUploadButton } from '../components/file-upload-button.tsx';
import { useFieldErrors } from '../components/use-field-errors.ts';
import { requestTypeText } from './request-types-page.tsx';

const isType = (value: string | undefined): value is BackstageRequestType =>
  (BACKSTAGE_REQUEST_TYPES as readonly string[]).includes(value ?? '');

/** The verify, become and claim forms: which artist, who you are, and proof (links, files). */
export function RequestFormPage() {
  const { type } = useParams();
  if (!isType(type)) return <NotFoundPage />;
  return <RequestForm key={type} type={type} />;
}

function RequestForm({ type }: { type: BackstageRequestType }) {
  const trans = useTrans();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const fields = useFieldErrors();
  const [artist, setArtist] = useState<ArtistRef[]>([]);
  const [artistName, setArtistName] = useState('');
  const [name, setName] = useState(user?.name ?? '');
  const [company, setCompany] = useState('');
  const [role, setRole] = useState('');
  const [links, setLinks] = useState('');
  const [files, setFiles] = useState<FileEntry[]>([]);
  const [busy, setBusy] = useState(false);
  const { title, text } = requestTypeText(trans, type);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    fields.clear();
    try {
      const { request } = await api(endpoints.createBackstageRequest, {
        type,
        ...(type === 'become-artist'
          ? { artist_name: artistName }
          : { artist_id: artist[0]?.id ?? null }),
        name,
        company: company || null,
        role: role || null,
        links: links
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean),
        file_entry_ids: files.map((f) => f.id),
      });
      await navigate(`/backstage/requests/${request.id}/request-submitted`);
    } catch (failure) {
      fields.show(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex max-w-xl flex-col gap-5"
      aria-labelledby="request-title"
    >
      <div>
        <h1 id="request-title" className="text-2xl font-semibold">
          {title}
        </h1>
        <p className="mt-1 text-sm text-fg-muted">{text}</p>
      </div>
      {type === 'become-artist' ? (
        <TextField
          label={trans('Artist name')}
          name="artist_name"
          value={artistName}
          onChange={(e) => setArtistName(e.target.value)}
          error={fields.error('artist_name')}
          required
        />
      ) : (
        <div data-field="artist_id">
          <ArtistPicker
            label={trans('Artist')}
            single
            value={artist}
            onChange={setArtist}
            error={fields.error('artist_id')}
          />
        </div>
      )}
      <TextField
        label={trans('Your name')}
        name="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={fields.error('name')}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={trans('Company')}
          name="company"
          value={company}
          onChange={(e) => setCompany(e.target.value)}
          error={fields.error('company')}
        />
        <TextField
          label={trans('Your role')}
          name="role"
          value={role}
          onChange={(e) => setRole(e.target.value)}
          error={fields.error('role')}
        />
      </div>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {trans('Links that prove it (one per line)')}
        <TextArea
          name="links"
          value={links}
          onChange={(e) => setLinks(e.target.value)}
          aria-invalid={fields.error('links') ? true : undefined}
        />
        {fields.error('links') && (
          <span className="text-xs text-danger">{fields.error('links')}</span>
        )}
      </label>
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium">{trans('Files (optional)')}</span>
        {files.length > 0 && (
          <ul className="flex flex-col gap-1 text-sm">
            {files.map((file) => (
              <li key={file.id} className="flex items-center gap-2">
                <Icon name="check" size={16} className="text-primary" />
                {file.name}
              </li>
            ))}
          </ul>
        )}
        {files.length < BACKSTAGE_LIMITS.requestFiles && (
          <FileUploadButton
            label={trans('Attach a file')}
            accept={['image/*', 'application/pdf']}
            onUploaded={(entry) => setFiles((list) => [...list, entry])}
          />
        )}
        {fields.error('file_entry_ids') && (
          <p className="text-xs text-danger">{fields.error('file_entry_ids')}</p>
        )}
      </div>
      <Button type="submit" disabled={busy} className="w-fit">
        {trans('Send request')}
      </Button>
    </form>
  );
}
