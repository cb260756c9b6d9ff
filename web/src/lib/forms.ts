import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrors } from './api-error.ts';
import { trans } from './translator.ts';
import { showErrorToast } from '../ui/toast/error-toast.ts';

/** A react-hook-form bound to the zod schema the server validates with (DESIGN §5). */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues?: Partial<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaultValues as never,
  });
}

/**
 * Spec §5: server field errors land on matching fields and the first takes focus; when the
 * answer names no known field, a toast carries the message instead.
 */
export function applyServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, never> | UseFormReturn<T>,
  error: unknown,
) {
  const errors = fieldErrors(error);
  const known = Object.keys(errors).filter(
    (name) => name in form.getValues() || name.includes('.'),
  );
  if (known.length === 0) {
    showErrorToast(error, trans);
    return;
  }
  for (const name of known)
    form.setError(name as Path<T>, { type: 'server', message: trans(errors[name]!) });
  form.setFocus(known[0] as Path<T>);
}

/** The translated message of a field error, for <TextField error>. */
export function fieldError(
  form: { formState: { errors: Record<string, unknown> } },
  name: string,
): string | undefined {
  const entry = form.formState.errors[name] as { message?: string } | undefined;
  return entry?.message ? trans(entry.message) : undefined;
}
