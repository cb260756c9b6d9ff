import { useEffect, useState } from 'react';
import { contactPageSchema } from '@backbeat/common/admin/site';
import { submitContactPage } from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { useBootstrap } from '../../lib/bootstrap.ts';
import { setPageTitle } from '../../lib/document-title.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button } from '../../ui/button.tsx';
import { applyServerErrors, fieldError, useSchemaForm } from '../../ui/forms.ts';
import { TextField } from '../../ui/text-field.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { isRecaptchaEnabled, passHumanCheck } from '../../entities/recaptcha/recaptcha.ts';

const formSchema = contactPageSchema.omit({ recaptcha_token: true });

/** `/contact` (spec 2 §2, §5): name, email and message, with the human check when it is on. */
export function ContactPage() {
  const trans = useTrans();
  const settings = useBootstrap((d) => d.settings);
  const user = useBootstrap((d) => d.user);
  const form = useSchemaForm(formSchema, {
    name: user?.name ?? '',
    email: user?.email ?? '',
    message: '',
  });
  const [sent, setSent] = useState(false);
  useEffect(() => setPageTitle(trans('Contact us')), [trans]);

  const submit = form.handleSubmit(async (values) => {
    let recaptcha_token: string | undefined;
    if (isRecaptchaEnabled(settings, 'contact')) {
      recaptcha_token =
        (await passHumanCheck(settings.recaptcha.site_key!, 'contact')) ?? undefined;
      if (!recaptcha_token) return void toast.danger(trans('Could not verify you are human.'));
    }
    try {
      await api(submitContactPage, { ...values, recaptcha_token });
      toast(trans('Your message has been submitted.'));
      form.reset({ ...values, message: '' });
      setSent(true);
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <section aria-labelledby="contact-title" className="mx-auto w-full max-w-xl px-4 py-8">
      <h1 id="contact-title" className="text-3xl font-bold">
        {trans('Contact us')}
      </h1>
      <p className="mt-2 mb-6 text-fg-muted">
        {trans('Have a question or a problem? Send us a message and we will answer by email.')}
      </p>
      {sent && (
        <p role="status" className="mb-4 rounded-lg bg-bg-alt p-3 text-sm">
          {trans('Your message has been submitted.')}
        </p>
      )}
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <TextField
          label={trans('Name')}
          autoComplete="name"
          error={fieldError(form, 'name')}
          {...form.register('name')}
        />
        <TextField
          label={trans('Email')}
          type="email"
          autoComplete="email"
          error={fieldError(form, 'email')}
          {...form.register('email')}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="contact-message" className="text-sm font-medium">
            {trans('Message')}
          </label>
          <textarea
            id="contact-message"
            rows={6}
            aria-invalid={fieldError(form, 'message') ? true : undefined}
            aria-describedby={fieldError(form, 'message') ? 'contact-message-error' : undefined}
            className="rounded-lg border border-border bg-bg-elevated px-3 py-2 text-fg outline-none focus:ring-2 focus:ring-primary/40"
            {...form.register('message')}
          />
          {fieldError(form, 'message') && (
            <p id="contact-message-error" className="text-xs text-danger">
              {fieldError(form, 'message')}
            </p>
          )}
        </div>
        <div>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? trans('Sending…') : trans('Send')}
          </Button>
        </div>
      </form>
    </section>
  );
}
