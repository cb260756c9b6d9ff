import { useState, type ComponentProps } from 'react';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { TextField } from '../text-field.tsx';
import { isPartialNumber, parseLocaleNumber } from './number-parser.ts';

type NumberFieldProps = Omit<ComponentProps<typeof TextField>, 'value' | 'onChange' | 'type'> & {
  value: number | null;
  onValueChange(value: number | null): void;
};

/** How a number is shown in the field: the locale's digits and decimal sign, no grouping. */
const shown = (value: number | null, locale: string) =>
  value === null
    ? ''
    : new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 20 }).format(
        value,
      );

/**
 * A number typed the way the listener's language writes it (spec §5): keys that cannot lead
 * to a number in that locale are refused as they are typed.
 */
export function NumberField({ value: given, onValueChange, ...props }: NumberFieldProps) {
  const locale = useBootstrap((d) => d.locale.language);
  const value = given !== null && Number.isFinite(given) ? given : null;
  const [text, setText] = useState(() => shown(value, locale));
  // A value set from outside (a form reset, a record that arrived) replaces what was typed.
  if (value !== parseLocaleNumber(text, locale)) setText(shown(value, locale));
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

/**
 * NumberField for forms that keep a number as text ('' for none, else what `Number()` reads,
 * as the server expects it), while the field shows it the listener's way.
 */
export function NumberTextField({
  value,
  onValueChange,
  ...props
}: Omit<NumberFieldProps, 'value' | 'onValueChange'> & {
  value: string;
  onValueChange(text: string): void;
}) {
  return (
    <NumberField
      {...props}
      value={value.trim() === '' ? null : Number(value)}
      onValueChange={(next) => onValueChange(next === null ? '' : String(next))}
    />
  );
}
