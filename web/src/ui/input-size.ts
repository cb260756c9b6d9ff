import { INPUT_HEIGHTS } from '@backbeat/common';

/** Spec §9 input sizes: 2xs, xs, sm, md, lg, xl = 24, 30, 36, 42, 50, 60 px high. */
export type InputSize = keyof typeof INPUT_HEIGHTS;

const TEXT: Record<InputSize, string> = {
  '2xs': 'text-xs px-2',
  xs: 'text-xs px-2.5',
  sm: 'text-sm px-3',
  md: 'text-sm px-3',
  lg: 'text-base px-4',
  xl: 'text-lg px-4',
};

/** The height (from the spec constant) and the text size and padding that suit it. */
export function inputSizeProps(size: InputSize = 'md') {
  return { style: { height: INPUT_HEIGHTS[size] }, className: TEXT[size] };
}
