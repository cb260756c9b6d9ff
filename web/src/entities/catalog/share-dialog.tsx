import { useState } from 'react';
import { COPIED_LABEL_MS, TEXTAREA_DEFAULT_ROWS, type ShareItem } from '@backbeat/common';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { useToastStore } from '../../ui/toast/toast-store.ts';
import { ShareLinkSection } from './share-link-section.tsx';

export const absoluteUrl = (path: string) => new URL(path, window.location.origin).toString();

export async function copyText(text: string, message: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    useToastStore.getState().add({ message });
  } catch {
    useToastStore
      .getState()
      .add({ type: 'danger', message: 'Could not copy. Select the text and copy it instead.' });
  }
}

function CopyField({
  label,
  value,
  multiline,
}: {
  label: string;
  value: string;
  multiline?: boolean;
}) {
  const trans = useTrans();
  const [copied, setCopied] = useState(false);
  const className =
    'w-full rounded-lg border border-border bg-bg-alt px-3 py-2 font-mono text-xs text-fg outline-none focus:border-primary';
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium">
      {label}
      <span className="flex items-start gap-2">
        {multiline ? (
          <textarea
            readOnly
            rows={TEXTAREA_DEFAULT_ROWS}
            value={value}
            onFocus={(e) => e.target.select()}
            className={className}
          />
        ) : (
          <input readOnly value={value} onFocus={(e) => e.target.select()} className={className} />
        )}
        <Button
          variant="outline"
          size="sm"
          className="w-24 shrink-0"
          onClick={() =>
            void navigator.clipboard
              .writeText(value)
              .then(() => {
                setCopied(true);
                setTimeout(() => setCopied(false), COPIED_LABEL_MS);
              })
              .catch(() => {})
          }
        >
          {copied ? trans('Copied!') : trans('Copy')}
        </Button>
      </span>
    </label>
  );
}

/** Link and embed code for a track or an album, and (signed in) a public share link. */
export function ShareDialog({
  title,
  link,
  embedLink,
  embedHeight,
  shareItem,
}: {
  title: string;
  link: string;
  embedLink: string;
  embedHeight: number;
  /** What a share link made here shares. */
  shareItem?: ShareItem;
}) {
  const trans = useTrans();
  const signedIn = useCurrentUser() !== null;
  const code = `<iframe src="${absoluteUrl(embedLink)}" width="100%" height="${embedHeight}" style="border:0;border-radius:12px" allow="autoplay; encrypted-media" loading="lazy" title="${title.replaceAll('"', '&quot;')}"></iframe>`;
  return (
    <Dialog title={trans('Share :name', { name: title })} size="md">
      <div className="flex flex-col gap-5 pt-1">
        <CopyField label={trans('Link')} value={absoluteUrl(link)} />
        <CopyField label={trans('Embed code')} value={code} multiline />
        {shareItem && signedIn && (
          <ShareLinkSection
            item={shareItem}
            copyField={(label, value) => <CopyField label={label} value={value} />}
          />
        )}
        <div>
          <p className="mb-2 text-sm font-medium">{trans('Preview')}</p>
          <iframe
            src={embedLink}
            title={trans('Embed preview')}
            className="w-full rounded-xl border border-border"
            style={{ height: embedHeight }}
          />
        </div>
      </div>
    </Dialog>
  );
}
