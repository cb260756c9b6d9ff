import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { APPEARANCE_MESSAGE_SOURCE } from '@backbeat/common';
import { getAdminAppearance, updateAdminAppearance } from '@backbeat/common/contracts';
import { APPEARANCE_PREVIEW_URL } from '../../../entities/appearance/preview.ts';
import { PageSkeleton, QueryError } from '../../../entities/errors/page-states.tsx';
import { fieldErrors } from '../../../lib/api-error.ts';
import { api } from '../../../lib/api.ts';
import { setPageTitle } from '../../../lib/document-title.ts';
import { useTrans, useTransChoice } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { showErrorToast } from '../../../ui/toast/error-toast.ts';
import { isDirty, useAppearanceEditor } from './editor-store.ts';

/** The framed site, and the handshake that lets the editor talk to it (spec 1 §4). */
function SitePreview() {
  const trans = useTrans();
  const frame = useRef<HTMLIFrameElement>(null);
  const connect = useAppearanceEditor((s) => s.connect);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { source?: unknown; type?: unknown } | null;
      if (
        event.origin === window.location.origin &&
        event.source === frame.current?.contentWindow &&
        data?.source === APPEARANCE_MESSAGE_SOURCE &&
        data.type === 'appearanceEditorLoaded'
      ) {
        connect(frame.current.contentWindow);
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      connect(null);
    };
  }, [connect]);
  return (
    <iframe
      ref={frame}
      src={APPEARANCE_PREVIEW_URL}
      title={trans('Site preview')}
      className="min-h-[480px] w-full flex-1 rounded-lg border border-border bg-bg"
    />
  );
}

/** Save and Discard, with how many fields the last save refused. */
function EditorToolbar() {
  const trans = useTrans();
  const choice = useTransChoice();
  const draft = useAppearanceEditor((s) => s.draft);
  const dirty = useAppearanceEditor(isDirty);
  const errors = useAppearanceEditor((s) => s.errors);
  const { load, discard, setErrors } = useAppearanceEditor.getState();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => api(updateAdminAppearance, draft!),
    onSuccess: ({ values }) => {
      queryClient.setQueryData(['admin', 'appearance'], values);
      load(values);
      toast(trans('Appearance saved'));
    },
    onError: (error) => {
      const found = fieldErrors(error);
      if (!Object.keys(found).length) return showErrorToast(error, trans);
      setErrors(found);
    },
  });
  const errorCount = Object.keys(errors).length;
  return (
    <div className="flex flex-col gap-2 border-t border-border p-3">
      {errorCount > 0 && (
        <p role="alert" className="text-xs text-danger">
          {choice(
            'Nothing was saved: :count field needs a change.|Nothing was saved: :count fields need a change.',
            errorCount,
          )}
        </p>
      )}
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          className="flex-1"
          disabled={!dirty || save.isPending}
          onClick={discard}
        >
          {trans('Discard')}
        </Button>
        <Button
          size="sm"
          className="flex-1"
          disabled={!dirty || save.isPending}
          onClick={() => save.mutate()}
        >
          {save.isPending ? trans('Saving…') : trans('Save')}
        </Button>
      </div>
    </div>
  );
}

/**
 * `admin/appearance` (appearance.update): the sections in a side panel, the live site beside
 * it. Every change shows in the preview at once; only "Save" stores it, "Discard" goes back.
 */
export function AppearanceEditorPage() {
  const trans = useTrans();
  const query = useQuery({
    queryKey: ['admin', 'appearance'],
    queryFn: async () => (await api(getAdminAppearance)).values,
    staleTime: Infinity,
  });
  const loaded = useAppearanceEditor((s) => s.draft !== null);
  const dirty = useAppearanceEditor(isDirty);
  const { data } = query;
  useEffect(() => setPageTitle(trans('Appearance')), [trans]);
  useEffect(() => {
    if (data) useAppearanceEditor.getState().load(data);
  }, [data]);
  // Leaving with unsaved changes asks first (the browser's own prompt).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  if (!loaded) return <PageSkeleton />;
  return (
    <div className="flex flex-col gap-4 p-3 md:h-[calc(100dvh-4.5rem)] md:flex-row">
      {/* The panel scrolls on its own, so Save and Discard stay in reach. */}
      <aside
        aria-label={trans('Appearance editor')}
        className="flex max-h-[70dvh] w-full shrink-0 flex-col rounded-lg border border-border bg-bg-alt md:max-h-none md:min-h-0 md:w-[360px]"
      >
        <div className="min-h-0 flex-1 overflow-y-auto p-4">
          <Outlet />
        </div>
        <EditorToolbar />
      </aside>
      <SitePreview />
    </div>
  );
}
