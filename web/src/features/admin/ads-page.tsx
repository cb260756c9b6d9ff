import { useState, type FormEvent } from 'react';
import { TEXTAREA_DEFAULT_ROWS } from '@backbeat/common';
import { AD_SLOTS, type AdSlotKey } from '@backbeat/common/admin/settings';
import type { AdminSettings } from '@backbeat/common/admin/site';
import { fieldErrors } from '../../lib/api-error.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { showErrorToast } from '../../ui/toast/error-toast.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { useAdminSettings, useSaveSettings } from './settings/queries.ts';

interface AdDraft {
  kind: 'image' | 'html';
  image: string;
  link: string;
  html: string;
}

/** An ad that is only a (linked) image opens in image mode; anything else as HTML. */
function draftOf(html: string): AdDraft {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const img = doc.body.querySelector('img');
  const anchor = doc.body.querySelector('a');
  const onlyImage =
    img && doc.body.textContent?.trim() === '' && doc.body.querySelectorAll('*').length <= 2;
  if (!html || onlyImage) {
    return {
      kind: 'image',
      image: img?.getAttribute('src') ?? '',
      link: anchor?.getAttribute('href') ?? '',
      html,
    };
  }
  return { kind: 'html', image: '', link: '', html };
}

function htmlOf(draft: AdDraft): string {
  if (draft.kind === 'html') return draft.html.trim();
  if (!draft.image.trim()) return '';
  const img = document.createElement('img');
  img.src = draft.image.trim();
  img.alt = '';
  if (!draft.link.trim()) return img.outerHTML;
  const a = document.createElement('a');
  a.href = draft.link.trim();
  a.target = '_blank';
  a.append(img);
  return a.outerHTML;
}

/** `/admin/ads` (settings.update): the five slots with their size hints. */
export function AdsPage() {
  const trans = useTrans();
  const settings = useAdminSettings();
  return (
    <section aria-labelledby="ads-title" className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 id="ads-title" className="text-2xl font-semibold">
        {trans('Ads')}
      </h1>
      <p className="mt-1 mb-6 text-sm text-fg-muted">
        {trans(
          'Each slot shows an image or a piece of HTML (scripts are removed). Roles with the “ads.disable” permission see no ads.',
        )}
      </p>
      {settings.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : settings.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>{trans('The ads could not be loaded.')}</p>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      ) : (
        <AdsForm data={settings.data} />
      )}
    </section>
  );
}

function AdsForm({ data }: { data: AdminSettings }) {
  const trans = useTrans();
  const save = useSaveSettings();
  const [drafts, setDrafts] = useState<Record<AdSlotKey, AdDraft>>(
    () =>
      Object.fromEntries(
        AD_SLOTS.map((slot) => [slot.key, draftOf(String(data.settings[slot.key] ?? ''))]),
      ) as Record<AdSlotKey, AdDraft>,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (key: AdSlotKey, patch: Partial<AdDraft>) =>
    setDrafts((all) => ({ ...all, [key]: { ...all[key], ...patch } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync(
        Object.fromEntries(AD_SLOTS.map((slot) => [slot.key, htmlOf(drafts[slot.key])])),
      );
      toast(trans('Ads saved'));
    } catch (error) {
      const found = fieldErrors(error);
      if (!Object.keys(found).length) return showErrorToast(error, trans);
      setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, trans(v)])));
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-6">
      {AD_SLOTS.map((slot) => {
        const draft = drafts[slot.key];
        const id = slot.key.replace('.', '-');
        return (
          <fieldset
            key={slot.key}
            data-testid={`ad-slot-${slot.key}`}
            className="flex flex-col gap-3 rounded-lg border border-border p-4"
          >
            <legend className="px-1 font-semibold">{trans(slot.label)}</legend>
            <p className="text-xs text-fg-muted">{trans(slot.hint)}</p>
            <div role="radiogroup" aria-label={trans('Ad type')} className="flex gap-4 text-sm">
              {(['image', 'html'] as const).map((kind) => (
                <label key={kind} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-kind`}
                    checked={draft.kind === kind}
                    onChange={() => change(slot.key, { kind })}
                    className="accent-[rgb(var(--be-primary))]"
                  />
                  {kind === 'image' ? trans('Image') : trans('HTML')}
                </label>
              ))}
            </div>
            {draft.kind === 'image' ? (
              <div className="grid gap-3 md:grid-cols-2">
                <TextField
                  label={trans('Image address')}
                  type="url"
                  value={draft.image}
                  onChange={(e) => change(slot.key, { image: e.target.value })}
                />
                <TextField
                  label={trans('Link address')}
                  type="url"
                  value={draft.link}
                  onChange={(e) => change(slot.key, { link: e.target.value })}
                />
              </div>
            ) : (
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${id}-html`} className="text-sm font-medium">
                  {trans('HTML')}
                </label>
                <textarea
                  id={`${id}-html`}
                  rows={TEXTAREA_DEFAULT_ROWS}
                  value={draft.html}
                  onChange={(e) => change(slot.key, { html: e.target.value })}
                  aria-invalid={errors[slot.key] ? true : undefined}
                  className="rounded-lg border border-border bg-bg-elevated px-3 py-2 font-mono text-sm"
                />
              </div>
            )}
            {errors[slot.key] && <p className="text-xs text-danger">{errors[slot.key]}</p>}
          </fieldset>
        );
      })}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? trans('Saving…') : trans('Save')}
        </Button>
      </div>
    </form>
  );
}
