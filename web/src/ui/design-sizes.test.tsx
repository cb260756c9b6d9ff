import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CHIP_SIZES, INPUT_HEIGHTS } from '@backbeat/common';
import { chipClass } from './chip.tsx';
import { inputSizeProps } from './input-size.ts';
import { TextArea, TextField } from './text-field.tsx';

/* Spec §9's design-system sizes, as the components apply them (dialogs: accessibility.test.ts). */

describe('input sizes', () => {
  it('are 24, 30, 36, 42, 50 and 60 px high from 2xs to xl, md by default', () => {
    const heights = (['2xs', 'xs', 'sm', 'md', 'lg', 'xl'] as const).map(
      (size) => inputSizeProps(size).style.height,
    );
    expect(heights).toEqual([24, 30, 36, 42, 50, 60]);
    expect(inputSizeProps().style.height).toBe(INPUT_HEIGHTS.md);
    expect(renderToStaticMarkup(<TextField label="Name" size="xl" />)).toContain('height:60px');
  });
});

describe('textarea', () => {
  it('shows 4 rows unless told otherwise', () => {
    expect(renderToStaticMarkup(<TextArea />)).toContain('rows="4"');
    expect(renderToStaticMarkup(<TextArea rows={8} />)).toContain('rows="8"');
  });
});

describe('chips', () => {
  it('come in xs, sm, md and lg, each taller than the last', () => {
    const TAILWIND_PX = 4;
    const heights = CHIP_SIZES.map((size) => {
      const step = /\bh-(\d+)\b/.exec(chipClass(size))?.[1];
      return Number(step) * TAILWIND_PX;
    });
    expect(CHIP_SIZES).toEqual(['xs', 'sm', 'md', 'lg']);
    expect(heights).toEqual([...heights].sort((a, b) => a - b));
    expect(new Set(heights).size).toBe(4);
    expect(heights[0]).toBeGreaterThanOrEqual(24);
  });
});
