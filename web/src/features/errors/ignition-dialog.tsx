import clsx from 'clsx';
import { Fragment, useState } from 'react';
import { apiPath } from '@backbeat/common';
import { useTrans, useTransChoice } from '../../lib/translator.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog/dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import {
  firstAppFrame,
  isVendorGroup,
  type IgnitionBody,
  type TraceFrame,
} from './ignition-types.ts';

function FrameButton({
  frame,
  selected,
  onSelect,
}: {
  frame: TraceFrame;
  selected: boolean;
  onSelect(): void;
}) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      className={clsx(
        'block w-full border-b border-border px-4 py-2.5 text-left text-xs hover:bg-bg-hover',
        selected && 'bg-primary/10',
      )}
    >
      <span className="block truncate font-mono text-fg">
        {frame.path.join('/')}:{frame.lineNumber}
      </span>
      <span className="block truncate text-fg-muted">{frame.method}</span>
    </button>
  );
}

function CodeSnippet({ frame }: { frame: TraceFrame }) {
  const lines = Object.entries(frame.codeSnippet);
  if (!lines.length)
    return <p className="p-6 text-sm text-fg-muted">No source available for this frame.</p>;
  return (
    <pre className="overflow-auto py-3 font-mono text-xs leading-6" data-testid="code-snippet">
      {lines.map(([number, text]) => (
        <div
          key={number}
          className={clsx(
            'flex gap-4 px-4',
            Number(number) === frame.lineNumber && 'bg-danger/15 text-fg',
          )}
          data-error-line={Number(number) === frame.lineNumber || undefined}
        >
          <span className="w-10 shrink-0 text-right text-fg-muted select-none">{number}</span>
          <span className="whitespace-pre">{text}</span>
        </div>
      ))}
    </pre>
  );
}

/** The debug-mode "An error occured" dialog of spec §8. */
export function IgnitionDialog({ error }: { error: IgnitionBody }) {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const [selected, setSelected] = useState<TraceFrame | undefined>(() =>
    firstAppFrame(error.trace),
  );
  const [expanded, setExpanded] = useState(false);

  return (
    <Dialog title={trans('An error occured')} size="fullscreen">
      <div className="flex h-full min-h-0 flex-col gap-4">
        <div className="rounded-lg border border-danger/40 bg-danger/10 p-4">
          <p className="font-mono text-sm font-semibold text-danger">{error.exception}</p>
          <p className="mt-1 text-lg font-medium break-words text-fg">{error.message}</p>
        </div>
        <div className="flex items-center justify-between gap-2">
          {error.totalVendorGroups > 0 ? (
            <button
              type="button"
              className={buttonClass('outline', 'xs')}
              onClick={() => setExpanded((v) => !v)}
            >
              {expanded ? trans('Collapse vendor frames') : trans('Expand vendor frames')}
            </button>
          ) : (
            <span />
          )}
          <a
            href={apiPath('api/v1/logs/error/download-latest')}
            download
            className={buttonClass('primary', 'xs')}
          >
            <Icon name="download" size={16} />
            {trans('Download log')}
          </a>
        </div>
        <div className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-lg border border-border md:flex-row">
          <nav
            aria-label={trans('Stack frames')}
            className="max-h-60 overflow-auto border-border md:max-h-none md:w-2/5 md:border-r"
          >
            {error.trace.map((entry, index) => (
              <Fragment key={index}>
                {isVendorGroup(entry) ? (
                  expanded ? (
                    entry.items.map((frame) => (
                      <FrameButton
                        key={frame.flatIndex}
                        frame={frame}
                        selected={selected?.flatIndex === frame.flatIndex}
                        onSelect={() => setSelected(frame)}
                      />
                    ))
                  ) : (
                    <button
                      type="button"
                      onClick={() => setExpanded(true)}
                      className="block w-full border-b border-border px-4 py-2 text-left text-xs text-fg-muted italic hover:bg-bg-hover"
                    >
                      {transChoice(':count vendor frame|:count vendor frames', entry.items.length)}
                    </button>
                  )
                ) : (
                  <FrameButton
                    frame={entry}
                    selected={selected?.flatIndex === entry.flatIndex}
                    onSelect={() => setSelected(entry)}
                  />
                )}
              </Fragment>
            ))}
          </nav>
          <div className="min-h-0 flex-1 overflow-auto bg-bg-alt">
            {selected && (
              <>
                <p className="border-b border-border px-4 py-2 font-mono text-xs text-fg-muted">
                  {selected.path.join('/')}:{selected.lineNumber}
                </p>
                <CodeSnippet frame={selected} />
              </>
            )}
          </div>
        </div>
      </div>
    </Dialog>
  );
}
