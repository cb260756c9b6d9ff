import { useState, type FormEvent } from 'react';
import { fieldErrors } from '../../../lib/api-error.ts';
import { useCurrentUser } from '../../../lib/bootstrap.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { showErrorToast } from '../../../ui/toast/error-toast.ts';
import { toast } from '../../../ui/toast/toast-store.ts';
import { useSendTestEmail } from './queries.ts';

/** "Send test email" (outgoing email section): uses the saved settings. */
export function TestEmailPanel() {
  const trans = useTrans();
  const user = useCurrentUser();
  const [to, setTo] = useState(user?.email ?? '');
  const [error, setError] = useState<string>();
  const send = useSendTestEmail();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await send.mutateAsync(to);
      toast(trans('Test email sent to :email', { email: to }));
    } catch (failure) {
      const message = fieldErrors(failure).to;
      if (message) setError(trans(message));
      else showErrorToast(failure, trans);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="test-email-title"
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h3 id="test-email-title" className="font-semibold">
        {trans('Send a test email')}
      </h3>
      <TextField
        label={trans('Send to')}
        type="email"
        name="to"
        value={to}
        onChange={(e) => setTo(e.target.value)}
        error={error}
        description={trans('Save your changes first: the test uses the saved settings.')}
      />
      <div>
        <Button type="submit" variant="outline" disabled={send.isPending || !to}>
          {send.isPending ? trans('Sending…') : trans('Send test email')}
        </Button>
      </div>
    </form>
  );
}
