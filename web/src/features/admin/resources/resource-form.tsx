import { Controller } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { applyServerErrors, fieldError, useSchemaForm } from '../../../ui/forms.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { NumberTextField } from '../../../ui/number-field/number-field.tsx';
import { Checkbox, TextArea, TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { NotFoundPage } from '../../../entities/errors/error-pages.tsx';
import { useResourceRow, useSaveResource } from './queries.ts';
import type { ResourceContracts, ResourceFieldLabels, ResourceRow } from './types.ts';

export interface ResourceFormProps<Row extends ResourceRow> {
  resource: ResourceContracts;
  /** Labels of the schema's fields, in the order they are shown. */
  fields: Record<string, ResourceFieldLabels>;
  titles: { create: string; edit: (row: Row) => string };
  saved: string;
}

/** Form values from a row: every field of the schema, empty where the row has none. */
function valuesOf(
  schema: z.ZodObject,
  fields: Record<string, ResourceFieldLabels>,
  row?: ResourceRow,
): Record<string, string | boolean> {
  const record = (row ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(schema.shape).map((name) => [
      name,
      fields[name]?.type === 'checkbox' ? record[name] === true : String(record[name] ?? ''),
    ]),
  );
}

/**
 * The new and edit page of every admin resource: the form is built from the create or update
 * schema in common/ (react-hook-form with its zod resolver, DESIGN §5); the server's field
 * errors land on their fields and the first one takes focus.
 */
export function ResourceFormPage<Row extends ResourceRow>(props: ResourceFormProps<Row>) {
  const { id } = useParams();
  const rowId = id === undefined || id === 'new' ? null : Number(id);
  const valid = rowId === null || (Number.isInteger(rowId) && rowId > 0);
  const row = useResourceRow<Row>(props.resource, valid ? rowId : null);
  if (!valid) return <NotFoundPage />;
  if (rowId === null) return <ResourceForm {...props} />;
  if (row.isPending) return <FormSkeleton />;
  if (row.isError) return <NotFoundPage />;
  return <ResourceForm {...props} row={row.data} key={row.data.id} />;
}

function ResourceForm<Row extends ResourceRow>({
  resource,
  fields,
  titles,
  saved,
  row,
}: ResourceFormProps<Row> & { row?: Row }) {
  const trans = useTrans();
  const navigate = useNavigate();
  const schema = row ? resource.schemas.update : resource.schemas.create;
  const form = useSchemaForm(schema as z.ZodObject, valuesOf(schema, fields, row));
  const save = useSaveResource<Row>(resource);
  const title = row ? titles.edit(row) : titles.create;
  const listSearch = (useLocation().state as { listSearch?: string } | null)?.listSearch;
  const list = { pathname: '..', search: listSearch ? `?${listSearch}` : '' };

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: row?.id ?? null, values });
      toast(saved);
      void navigate(list, { relative: 'path' });
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <section aria-labelledby="resource-form-title" className="mx-auto w-full max-w-xl px-4 py-6">
      <h1 id="resource-form-title" className="mb-6 text-2xl font-semibold">
        {title}
      </h1>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        {Object.entries(fields)
          .filter(([name]) => name in schema.shape)
          .map(([name, field]) =>
            field.type === 'checkbox' ? (
              <Checkbox key={name} label={field.label} {...form.register(name)} />
            ) : field.type === 'textarea' ? (
              <label key={name} className="flex flex-col gap-1.5 text-sm font-medium">
                {field.label}
                <TextArea
                  rows={10}
                  aria-invalid={!!fieldError(form, name)}
                  {...form.register(name)}
                />
                {fieldError(form, name) && (
                  <span role="alert" className="text-xs text-danger">
                    {fieldError(form, name)}
                  </span>
                )}
              </label>
            ) : field.type === 'number' ? (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field: bound }) => (
                  <NumberTextField
                    ref={bound.ref}
                    name={bound.name}
                    label={field.label}
                    description={field.description}
                    error={fieldError(form, name)}
                    value={String(bound.value ?? '')}
                    onValueChange={bound.onChange}
                    onBlur={bound.onBlur}
                  />
                )}
              />
            ) : (
              <TextField
                key={name}
                label={field.label}
                description={field.description}
                type={field.type ?? 'text'}
                error={fieldError(form, name)}
                {...form.register(name)}
              />
            ),
          )}
        <div className="flex justify-end gap-2">
          <Link to={list} relative="path" className={buttonClass('text', 'md')}>
            {trans('Cancel')}
          </Link>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {trans('Save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function FormSkeleton() {
  const trans = useTrans();
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={trans('Loading')}
      className="mx-auto max-w-xl px-4 py-6"
    >
      <Skeleton className="mb-6 h-8 w-1/2" />
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="mb-4 h-10 w-full" />
      ))}
    </div>
  );
}
