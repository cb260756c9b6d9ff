import { lazy, Suspense, useId } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { customPagesResource, type AdminCustomPage } from '@backbeat/common/admin/site';
import { useTrans } from '../../../lib/translator.ts';
import { Button, buttonClass } from '../../../ui/button.tsx';
import { applyServerErrors, fieldError, useSchemaForm } from '../../../ui/forms.ts';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { NotFoundPage } from '../../../entities/errors/error-pages.tsx';
import { useResourceRow, useSaveResource } from '../resources/queries.ts';

// The editor and ProseMirror load only when a page is edited.
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

/** `/admin/custom-pages/new` and `/admin/custom-pages/{pageId}/edit`. */
export function CustomPageFormPage() {
  const { id } = useParams();
  const pageId = id === undefined ? null : Number(id);
  const valid = pageId === null || (Number.isInteger(pageId) && pageId > 0);
  const row = useResourceRow<AdminCustomPage>(customPagesResource, valid ? pageId : null);
  if (!valid) return <NotFoundPage />;
  if (pageId === null) return <CustomPageForm />;
  if (row.isPending) return <Skeleton className="mx-auto my-6 h-96 w-full max-w-3xl" />;
  if (row.isError) return <NotFoundPage />;
  return <CustomPageForm page={row.data} key={row.data.id} />;
}

function CustomPageForm({ page }: { page?: AdminCustomPage }) {
  const trans = useTrans();
  const navigate = useNavigate();
  const bodyLabel = useId();
  const schema = page ? customPagesResource.schemas.update : customPagesResource.schemas.create;
  const form = useSchemaForm(schema as z.ZodObject, {
    title: page?.title ?? '',
    slug: page?.slug ?? '',
    body: page?.body ?? '',
    meta_title: page?.meta_title ?? '',
    meta_description: page?.meta_description ?? '',
  });
  const save = useSaveResource<AdminCustomPage>(customPagesResource);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: page?.id ?? null, values });
      toast(trans('Page saved'));
      void navigate('/admin/custom-pages');
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <section aria-labelledby="page-form-title" className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 id="page-form-title" className="mb-6 text-2xl font-semibold">
        {page ? trans('Edit ":name"', { name: page.title }) : trans('New page')}
      </h1>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <TextField
          label={trans('Title')}
          error={fieldError(form, 'title')}
          {...form.register('title')}
        />
        <TextField
          label={trans('Slug')}
          description={trans('The page’s address: /pages/slug. Made from the title when empty.')}
          error={fieldError(form, 'slug')}
          {...form.register('slug')}
        />
        <div className="flex flex-col gap-1.5">
          <span id={bodyLabel} className="text-sm font-medium">
            {trans('Content')}
          </span>
          <Controller
            control={form.control}
            name="body"
            render={({ field }) => (
              <Suspense fallback={<Spinner size={24} />}>
                <RichTextEditor
                  value={String(field.value ?? '')}
                  onChange={field.onChange}
                  labelId={bodyLabel}
                  invalid={!!fieldError(form, 'body')}
                />
              </Suspense>
            )}
          />
          {fieldError(form, 'body') && (
            <p className="text-xs text-danger">{fieldError(form, 'body')}</p>
          )}
        </div>
        <fieldset className="flex flex-col gap-4 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-semibold">{trans('SEO')}</legend>
          <TextField
            label={trans('SEO title')}
            description={trans(
              'Shown in search results and the browser tab; the title when empty.',
            )}
            error={fieldError(form, 'meta_title')}
            {...form.register('meta_title')}
          />
          <TextField
            label={trans('SEO description')}
            error={fieldError(form, 'meta_description')}
            {...form.register('meta_description')}
          />
        </fieldset>
        <div className="flex justify-end gap-2">
          <Link to="/admin/custom-pages" className={buttonClass('text', 'md')}>
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
