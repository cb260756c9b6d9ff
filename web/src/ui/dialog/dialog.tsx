import clsx from 'clsx';
import { useContext, useEffect, useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { DIALOG_PADDING_PX, DIALOG_WIDTHS } from '@backbeat/common';
import { useTrans } from '../../lib/translator.ts';
import { IconButton } from '../button.tsx';
import { Icon } from '../icons.tsx';
import { DialogCloseContext as CloseContext } from './dialog-store.ts';

export type DialogSize = keyof typeof DIALOG_WIDTHS;

/** Spec §9: each size name has a fixed width; fullscreen fills the viewport. */
function dialogSizeStyle(size: DialogSize): CSSProperties {
  const width = DIALOG_WIDTHS[size];
  return width === null
    ? { width: '100vw', height: '100dvh', maxWidth: 'none', maxHeight: 'none', borderRadius: 0 }
    : { width };
}

/** The default padding of a dialog's parts (spec §9: 24 px). */
const PAD = { paddingInline: DIALOG_PADDING_PX };

export function Dialog({
  title,
  size = 'md',
  children,
  footer,
  className,
  hideTitle,
}: {
  title: string;
  size?: DialogSize;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
  hideTitle?: boolean;
}) {
  const trans = useTrans();
  const ref = useRef<HTMLDialogElement>(null);
  const close = useContext(CloseContext);
  const titleId = useId();

  useEffect(() => {
    const element = ref.current;
    if (element && !element.open) element.showModal();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      data-size={size}
      style={dialogSizeStyle(size)}
      className={clsx(
        'm-auto max-h-[calc(100dvh-32px)] max-w-[calc(100vw-32px)] overflow-hidden rounded-[var(--be-radius)] bg-bg-elevated p-0 text-fg shadow-2xl backdrop:bg-black/50',
        className,
      )}
    >
      <div className="flex h-full max-h-[inherit] flex-col">
        <header
          style={PAD}
          className={clsx('flex items-center gap-3 pt-5 pb-3', hideTitle && 'sr-only')}
        >
          <h2 id={titleId} className="flex-1 text-lg font-semibold">
            {title}
          </h2>
          <IconButton label={trans('Close')} onClick={() => close()}>
            <Icon name="close" size={20} />
          </IconButton>
        </header>
        <div
          style={{ ...PAD, paddingBottom: DIALOG_PADDING_PX }}
          className="min-h-0 flex-1 overflow-auto"
        >
          {children}
        </div>
        {footer && (
          <footer style={PAD} className="flex justify-end gap-2 border-t border-border py-4">
            {footer}
          </footer>
        )}
      </div>
    </dialog>
  );
}
