import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  completePaymentMethodChange,
  startPaymentMethodChange,
} from '@backbeat/common/billing/contract';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useTrans } from '../../lib/translator.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { leaveFor } from './checkout-page.tsx';
import { refreshSubscriber, useCancelSubscription, useResumeSubscription } from './queries.ts';

function ConfirmPanel(props: {
  title: string;
  text: string;
  confirm: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
}) {
  const trans = useTrans();
  return (
    <section
      aria-labelledby="billing-confirm"
      className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-12"
    >
      <h1 id="billing-confirm" className="text-2xl font-bold">
        {props.title}
      </h1>
      <p>{props.text}</p>
      {props.error && (
        <p role="alert" className="text-danger">
          {props.error}
        </p>
      )}
      <div className="flex justify-end gap-3">
        <Link to="/billing" className={buttonClass('text', 'md')}>
          {trans('Go back')}
        </Link>
        <Button onClick={props.onConfirm} disabled={props.pending}>
          {props.confirm}
        </Button>
      </div>
    </section>
  );
}

/** `/billing/cancel`: cancels at the end of the paid period. */
export function CancelPlanPage() {
  const trans = useTrans();
  const navigate = useNavigate();
  const cancel = useCancelSubscription();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmPanel
      title={trans('Cancel your plan')}
      text={trans(
        'Your plan stays active until the end of the period you paid for, and is not renewed after.',
      )}
      confirm={trans('Cancel plan')}
      pending={cancel.isPending}
      error={error}
      onConfirm={() =>
        void cancel.mutateAsync(undefined).then(
          () => {
            toast(trans('Your plan was cancelled.'));
            void navigate('/billing', { replace: true });
          },
          (failure: unknown) => setError(errorMessage(failure)),
        )
      }
    />
  );
}

/** `/billing/renew`: takes a cancellation back before the period ends. */
export function RenewPlanPage() {
  const trans = useTrans();
  const navigate = useNavigate();
  const resume = useResumeSubscription();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmPanel
      title={trans('Renew your plan')}
      text={trans('Your plan will renew at the end of the current period as before.')}
      confirm={trans('Renew plan')}
      pending={resume.isPending}
      error={error}
      onConfirm={() =>
        void resume.mutateAsync(undefined).then(
          () => {
            toast(trans('Your plan was renewed.'));
            void navigate('/billing', { replace: true });
          },
          (failure: unknown) => setError(errorMessage(failure)),
        )
      }
    />
  );
}

/** `/billing/change-payment-method`: the card is entered on Stripe's own page. */
export function ChangePaymentMethodPage() {
  const trans = useTrans();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const start = async () => {
    setPending(true);
    setError(null);
    try {
      leaveFor((await api(startPaymentMethodChange)).url);
    } catch (failure) {
      setError(errorMessage(failure));
      setPending(false);
    }
  };
  return (
    <ConfirmPanel
      title={trans('Change payment method')}
      text={trans('You will enter your new card on the payment provider’s secure page.')}
      confirm={trans('Continue')}
      pending={pending}
      error={error}
      onConfirm={() => void start()}
    />
  );
}

/** `/billing/change-payment-method/done`: the new card becomes the subscription's default. */
export function PaymentMethodDonePage() {
  const trans = useTrans();
  const navigate = useNavigate();
  const sessionId = useSearchParams()[0].get('session_id') ?? '';
  const done = useQuery({
    queryKey: ['billing', 'payment-method-done', sessionId],
    queryFn: async () => {
      await api(completePaymentMethodChange, { session_id: sessionId });
      await refreshSubscriber();
      toast(trans('Your payment method was updated.'));
      void navigate('/billing', { replace: true });
      return true;
    },
    enabled: sessionId !== '',
    retry: false,
    staleTime: Infinity,
  });
  if (sessionId === '' || done.isError) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <p role="alert">
          {done.isError ? errorMessage(done.error) : trans('No card change was made.')}
        </p>
        <Link to="/billing" className={buttonClass('outline', 'md')}>
          {trans('Back to billing')}
        </Link>
      </div>
    );
  }
  return (
    <div role="status" className="flex flex-col items-center gap-4 px-4 py-16">
      <Spinner />
      <p>{trans('Saving your payment method...')}</p>
    </div>
  );
}
