import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  getBootstrapData,
  getLocalizationLines,
  updateLocalizationLines,
} from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { useBootstrapStore } from '../../lib/bootstrap.ts';
import { useTrans, useTransChoice } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/text-field.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { showErrorToast } from '../../ui/toast/error-toast.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { NotFoundPage } from '../../entities/errors/error-pages.tsx';

/** How many lines are drawn at once; "Show more" adds the next ones. */
const SHOWN = 100;

/**
 * `/admin/localizations/{id}/translate`: every line of the app (collected from the code) with
 * its translation, searchable, with an "untranslated only" filter. Saving applies at once.
 */
export function TranslatePage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: ['admin', 'localizations', 'lines', id],
    queryFn: () => api(getLocalizationLines, { id }),
    enabled: valid,
  });
  if (!valid || query.isError) return <NotFoundPage />;
  if (query.isPending) {
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-6" aria-busy="true">
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  return <Translator key={id} id={id} data={query.data} />;
}

function Translator({
  id,
  data,
}: {
  id: number;
  data: Awaited<ReturnType<typeof api<typeof getLocalizationLines>>>;
}) {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const client = useQueryClient();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  const [untranslatedOnly, setUntranslatedOnly] = useState(false);
  const [limit, setLimit] = useState(SHOWN);
  const value = (line: string) => edits[line] ?? data.lines[line] ?? '';

  const lines = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return data.source_lines.filter(
      (line) =>
        (!untranslatedOnly || !data.lines[line]) &&
        (!needle ||
          line.toLowerCase().includes(needle) ||
          (data.lines[line] ?? '').toLowerCase().includes(needle)),
    );
  }, [data, search, untranslatedOnly]);
  const missing = data.source_lines.filter((line) => !data.lines[line]).length;

  const save = useMutation({
    mutationFn: () => api(updateLocalizationLines, { id, lines: edits }),
    onSuccess: async () => {
      setEdits({});
      toast(trans('Translations saved'));
      await client.invalidateQueries({ queryKey: ['admin', 'localizations', 'lines', id] });
      // The language in use here may be this one: reload the lines the app shows.
      const { bootstrapData } = await api(getBootstrapData);
      useBootstrapStore.getState().replace(bootstrapData);
    },
    onError: (error) => showErrorToast(error, trans),
  });
  const changed = Object.keys(edits).length;

  return (
    <section aria-labelledby="translate-title" className="mx-auto w-full max-w-4xl px-4 py-6">
      <Link to="/admin/localizations" className="text-sm text-fg-muted hover:underline">
        {trans('Localizations')}
      </Link>
      <h1 id="translate-title" className="mt-1 text-2xl font-semibold">
        {trans('Translate ":name"', { name: data.localization.name })}
      </h1>
      <p className="mt-1 text-sm text-fg-muted">
        {transChoice(
          ':count line is not translated yet|:count lines are not translated yet',
          missing,
        )}
      </p>
      <div className="sticky top-0 z-10 my-4 flex flex-wrap items-center gap-3 bg-bg py-2">
        <input
          type="search"
          aria-label={trans('Search lines')}
          placeholder={trans('Search lines')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setLimit(SHOWN);
          }}
          className="h-9 min-w-0 flex-1 rounded-lg border border-border bg-bg-elevated px-3 text-sm"
        />
        <Checkbox
          label={trans('Untranslated only')}
          checked={untranslatedOnly}
          onChange={(e) => {
            setUntranslatedOnly(e.target.checked);
            setLimit(SHOWN);
          }}
        />
        <Button disabled={!changed || save.isPending} onClick={() => save.mutate()}>
          {save.isPending ? trans('Saving…') : trans('Save')}
        </Button>
      </div>
      {lines.length === 0 ? (
        <p className="py-10 text-center text-fg-muted">{trans('No lines match.')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {lines.slice(0, limit).map((line, index) => (
            <li key={line} className="grid gap-2 py-3 md:grid-cols-2">
              <label htmlFor={`line-${index}`} className="text-sm break-words">
                {line}
              </label>
              <textarea
                id={`line-${index}`}
                rows={1}
                value={value(line)}
                onChange={(e) => setEdits((all) => ({ ...all, [line]: e.target.value }))}
                className="rounded-lg border border-border bg-bg-elevated px-3 py-1.5 text-sm"
              />
            </li>
          ))}
        </ul>
      )}
      {lines.length > limit && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => setLimit((n) => n + SHOWN)}>
            {trans('Show more')}
          </Button>
        </div>
      )}
    </section>
  );
}
