import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react-dom';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { FLOATING_VIEWPORT_PADDING } from '@backbeat/common';

/** The positioned panel of a hover popover; loaded the first time one opens. */
export default function HoverPopoverPanel({
  id,
  label,
  reference,
  children,
  onPointerEnter,
  onPointerLeave,
}: {
  id: string;
  label: string;
  reference: Element;
  children: ReactNode;
  onPointerEnter(): void;
  onPointerLeave(): void;
}) {
  const { refs, floatingStyles } = useFloating({
    open: true,
    placement: 'bottom-start',
    elements: { reference },
    middleware: [offset(8), flip(), shift({ padding: FLOATING_VIEWPORT_PADDING })],
    whileElementsMounted: autoUpdate,
  });
  return createPortal(
    <div
      id={id}
      role="dialog"
      aria-label={label}
      data-testid="hover-popover"
      ref={refs.setFloating}
      style={floatingStyles}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      className="z-[65] w-64 rounded-xl border border-border bg-bg-elevated p-4 text-sm text-fg shadow-xl"
    >
      {children}
    </div>,
    document.body,
  );
}
