import { useState, type ComponentProps } from 'react';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { TextField } from '../text-field.tsx';
import { isPartialNumber, parseLocaleNumber } from './number-parser.ts';

type NumberFieldProps = Omit<ComponentProps<typeof TextField>, 'value' | 'onChange' | 'type'> & {
  value: number | null;
  onValueChange(value: number | null): void;
};

/**
 * A number typed the way the listener's language writes it (spec §5): keys that cannot lead
 * to a number in that locale are refused as they are typed.
 */
export function NumberField({ value, onValueChange, ...props }: NumberFieldProps) {
  const locale = useBootstrap((d) => d.locale.language);
  const [text, setText] = useState(() =>
    value === null ? '' : new Intl.NumberFormat(locale).format(value),
  );
  return (
    <TextField
      {...props}
      inputMode="decimal"
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        if (!isPartialNumber(next, locale)) return;
        setText(next);
        onValueChange(parseLocaleNumber(next, locale));
      }}
    />
  );
}
