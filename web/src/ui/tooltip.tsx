import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react-dom';
import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactElement,
  type SyntheticEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { FLOATING_VIEWPORT_PADDING, TOOLTIP } from '@backbeat/common';

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
  const { refs, floatingStyles } = useFloating({
    open,
    placement: TOOLTIP.placement,
    middleware: [offset(TOOLTIP.offset), flip(), shift({ padding: FLOATING_VIEWPORT_PADDING })],
    whileElementsMounted: autoUpdate,
  });

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
    ref: refs.setReference,
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
      {open &&
        createPortal(
          <div
            id={id}
            role="tooltip"
            ref={refs.setFloating}
            style={floatingStyles}
            className="pointer-events-none z-[70] max-w-xs rounded-md bg-fg px-2.5 py-1.5 text-xs font-medium text-bg shadow-lg"
          >
            {label}
          </div>,
          document.body,
        )}
    </>
  );
}
