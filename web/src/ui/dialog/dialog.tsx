import clsx from 'clsx';
import { createContext, useContext, useEffect, useId, useRef, type ReactNode } from 'react';
import { useTrans } from '../../lib/translator.ts';
import { IconButton } from '../button.tsx';
import { Icon } from '../icons.tsx';
import { useDialogStore } from './dialog-store.ts';

export type DialogSize = '2xs' | 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl' | 'fullscreen';

const WIDTHS: Record<DialogSize, string> = {
  '2xs': 'w-[320px]',
  xs: 'w-[400px]',
  sm: 'w-[480px]',
  md: 'w-[560px]',
  lg: 'w-[680px]',
  xl: 'w-[800px]',
  '2xl': 'w-[1000px]',
  fullscreen: 'w-screen h-dvh max-h-none max-w-none rounded-none',
};

const CloseContext = createContext<(result?: unknown) => void>(() => {});

/**
 * Renders every open dialog in a native <dialog> opened with showModal(): the browser gives
 * the focus trap, Escape and the inert background.
 */
export function DialogHost() {
  const dialogs = useDialogStore((s) => s.dialogs);
  const close = useDialogStore((s) => s.close);
  return (
    <>
      {dialogs.map((dialog) => {
        const closeThis = (result?: unknown) => close(dialog.id, result);
        return (
          <CloseContext.Provider key={dialog.id} value={closeThis}>
            {dialog.render(closeThis)}
          </CloseContext.Provider>
        );
      })}
    </>
  );
}

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
      className={clsx(
        'm-auto max-h-[calc(100dvh-32px)] max-w-[calc(100vw-32px)] overflow-hidden rounded-[var(--be-radius)] bg-bg-elevated p-0 text-fg shadow-2xl backdrop:bg-black/50',
        WIDTHS[size],
        className,
      )}
    >
      <div className="flex h-full max-h-[inherit] flex-col">
        <header className={clsx('flex items-center gap-3 px-6 pt-5 pb-3', hideTitle && 'sr-only')}>
          <h2 id={titleId} className="flex-1 text-lg font-semibold">
            {title}
          </h2>
          <IconButton label={trans('Close')} onClick={() => close()}>
            <Icon name="close" size={20} />
          </IconButton>
        </header>
        <div className="min-h-0 flex-1 overflow-auto px-6 pb-6">{children}</div>
        {footer && (
          <footer className="flex justify-end gap-2 border-t border-border px-6 py-4">
            {footer}
          </footer>
        )}
      </div>
    </dialog>
  );
}
