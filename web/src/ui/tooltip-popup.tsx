import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react-dom';
import { createPortal } from 'react-dom';
import { FLOATING_VIEWPORT_PADDING, TOOLTIP } from '@backbeat/common';

/** The positioned bubble; loaded the first time a tooltip opens, so pages start lighter. */
export default function TooltipPopup({
  id,
  label,
  reference,
}: {
  id: string;
  label: string;
  reference: Element;
}) {
  const { refs, floatingStyles } = useFloating({
    open: true,
    placement: TOOLTIP.placement,
    elements: { reference },
    middleware: [offset(TOOLTIP.offset), flip(), shift({ padding: FLOATING_VIEWPORT_PADDING })],
    whileElementsMounted: autoUpdate,
  });
  return createPortal(
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
  );
}
