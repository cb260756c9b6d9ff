import {
  Suspense,
  lazy,
  useEffect,
  useId,
  useMemo,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createHoverIntent } from './hover-intent.ts';

const HoverPopoverPanel = lazy(() => import('./hover-popover-panel.tsx'));

/**
 * Extra detail about a trigger, shown while the pointer rests on it (spec §9 hover popover:
 * it closes 150 ms after the pointer leaves both). The positioned panel loads the first time
 * one opens, so pages that never hover one stay light. Escape closes it.
 */
export function HoverPopover({
  trigger,
  label,
  children,
}: {
  trigger: ReactElement;
  /** Names the panel for assistive technology. */
  label: string;
  children: ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState<HTMLSpanElement | null>(null);
  const intent = useMemo(() => createHoverIntent(setOpen), []);
  useEffect(() => intent.dispose, [intent]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') intent.closeNow();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, intent]);

  return (
    <span
      ref={setReference}
      onPointerEnter={(event) => event.pointerType === 'mouse' && intent.enter()}
      onPointerLeave={intent.leave}
      className="inline"
    >
      {trigger}
      {open && reference && (
        <Suspense fallback={null}>
          <HoverPopoverPanel
            id={id}
            label={label}
            reference={reference}
            onPointerEnter={intent.enter}
            onPointerLeave={intent.leave}
          >
            {children}
          </HoverPopoverPanel>
        </Suspense>
      )}
    </span>
  );
}
