import clsx from 'clsx';
import { Link } from 'react-router';
import { isSafeRedirect } from '@backbeat/common';
import { useTrans } from '../../lib/translator.ts';
import { IconButton } from '../button.tsx';
import { Icon } from '../icons.tsx';
import { Spinner } from '../spinner.tsx';
import { useToastStore, type ToastPosition } from './toast-store.ts';

const POSITIONS: Record<ToastPosition, string> = {
  'bottom-center': 'bottom-[calc(16px+var(--player-offset,0px))] left-1/2 -translate-x-1/2',
  'bottom-right': 'bottom-[calc(16px+var(--player-offset,0px))] right-4',
  'top-center': 'top-4 left-1/2 -translate-x-1/2',
  'top-right': 'top-4 right-4',
};

export function Toaster() {
  const trans = useTrans();
  const toasts = useToastStore((s) => s.toasts);
  const { remove, pause, resume } = useToastStore.getState();

  return (
    <>
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.type === 'danger' ? 'alert' : 'status'}
          data-testid="toast"
          data-toast-type={t.type}
          onPointerEnter={() => pause(t.id)}
          onPointerLeave={() => resume(t.id)}
          className={clsx(
            'fixed z-[80] flex max-w-[calc(100vw-32px)] min-w-[280px] items-center gap-3 rounded-xl bg-fg py-2 pr-2 pl-4 text-sm text-bg shadow-xl',
            POSITIONS[t.position],
            !t.disableEnterAnimation && 'animate-[toast-in_180ms_ease-out]',
          )}
        >
          {t.type === 'loading' && <Spinner size={18} className="text-bg" />}
          {t.type === 'positive' && <Icon name="checkCircle" size={20} className="text-positive" />}
          {t.type === 'danger' && <Icon name="error" size={20} className="text-danger" />}
          <span className="flex-1 py-1.5">{t.message}</span>
          {t.action && isSafeRedirect(t.action.action) && (
            <Link
              to={t.action.action}
              className="font-semibold text-primary"
              onClick={() => remove(t.id)}
            >
              {trans(t.action.label)}
            </Link>
          )}
          <IconButton
            label={trans('Close')}
            onClick={() => remove(t.id)}
            className="size-8 text-bg/70 hover:bg-bg/10 hover:text-bg"
          >
            <Icon name="close" size={18} />
          </IconButton>
        </div>
      ))}
    </>
  );
}
