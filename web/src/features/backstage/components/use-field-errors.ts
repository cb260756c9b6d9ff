import { useState } from 'react';
import { fieldErrors } from '../../../lib/api-error.ts';
import { trans } from '../../../lib/translator.ts';
import { showErrorToast } from '../../../ui/toast/error-toast.ts';

/**
 * Server field errors for the backstage forms (their fields are lists and pickers, not
 * react-hook-form inputs): `links.2` lands on `links`. Every failure is also a toast with the
 * server's message, so a save or publish never fails silently (a field may be out of sight).
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    errors,
    error: (name: string) => errors[name],
    clear: () => setErrors({}),
    /** Shows an API failure; focuses the first field with an error (by its `name`). */
    show(failure: unknown) {
      const byField: Record<string, string> = {};
      for (const [field, message] of Object.entries(fieldErrors(failure))) {
        const name = field.split('.')[0]!;
        byField[name] ??= trans(message);
      }
      setErrors(byField);
      showErrorToast(failure, trans);
      const first = Object.keys(byField)[0];
      if (!first) return;
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLElement>(`[name="${first}"], [data-field="${first}"] input`)
          ?.focus(),
      );
    },
  };
}
