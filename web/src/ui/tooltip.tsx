import {
  cloneElement,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactElement,
  type SyntheticEvent,
} from 'react';
import { TOOLTIP } from '@backbeat/common';

const TooltipPopup = lazy(() => import('./tooltip-popup.tsx'));

/** Only one tooltip shows at a time: showing one hides the one before (spec §4). */
let hideActiveTooltip: (() => void) | null = null;

type TriggerProps = {
  onPointerEnter?: (e: SyntheticEvent) => void;
  onPointerLeave?: (e: SyntheticEvent) => void;
  onFocus?: (e: SyntheticEvent) => void;
  onBlur?: (e: SyntheticEvent) => void;
  'aria-describedby'?: string;
};

export function Tooltip({
  label,
  children,
}: {
  label: string;
  children: ReactElement<TriggerProps>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const showTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [reference, setReference] = useState<Element | null>(null);

  const hide = useCallback(() => {
    clearTimeout(showTimer.current);
    clearTimeout(hideTimer.current);
    setOpen(false);
  }, []);

  const scheduleShow = () => {
    clearTimeout(hideTimer.current);
    if (open) return;
    showTimer.current = setTimeout(() => {
      if (hideActiveTooltip && hideActiveTooltip !== hide) hideActiveTooltip();
      hideActiveTooltip = hide;
      setOpen(true);
    }, TOOLTIP.delayMs);
  };
  const scheduleHide = () => {
    clearTimeout(showTimer.current);
    hideTimer.current = setTimeout(hide, TOOLTIP.hideMs);
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && hide();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, hide]);

  useEffect(
    () => () => {
      clearTimeout(showTimer.current);
      clearTimeout(hideTimer.current);
      if (hideActiveTooltip === hide) hideActiveTooltip = null;
    },
    [hide],
  );

  const childProps = children.props;
  const trigger = cloneElement(children, {
    ref: setReference,
    'aria-describedby': open ? id : childProps['aria-describedby'],
    onPointerEnter: (e: SyntheticEvent) => {
      childProps.onPointerEnter?.(e);
      scheduleShow();
    },
    onPointerLeave: (e: SyntheticEvent) => {
      childProps.onPointerLeave?.(e);
      scheduleHide();
    },
    onFocus: (e: SyntheticEvent) => {
      childProps.onFocus?.(e);
      scheduleShow();
    },
    onBlur: (e: SyntheticEvent) => {
      childProps.onBlur?.(e);
      hide();
    },
  } as TriggerProps & { ref: (node: Element | null) => void });

  return (
    <>
      {trigger}
      {open && reference && (
        <Suspense fallback={null}>
          <TooltipPopup id={id} label={label} reference={reference} />
        </Suspense>
      )}
    </>
  );
}
