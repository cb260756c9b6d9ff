import {
  SETTINGS_ENVIRONMENT_FACTS,
  type SettingsEnvironmentKey,
} from '@backbeat/common/admin/settings';
import { useTrans } from '../../../lib/translator.ts';
import { usePaymentGateways } from './queries.ts';

/**
 * What the environment chose for a section (read-only), each fact with the variable that
 * changes it: a section with nothing to set still says what runs and how to change it.
 */
export function EnvironmentFacts({
  keys,
  values,
}: {
  keys: SettingsEnvironmentKey[];
  values: Record<string, string>;
}) {
  const trans = useTrans();
  return (
    // Only dt/dd groups may sit in a <dl> (axe definition-list): the note goes below it.
    <div className="rounded-lg border border-border p-4 text-sm">
      <dl className="flex flex-col gap-3">
        {keys.map((key) => (
          <div key={key} className="grid gap-x-4 sm:grid-cols-[12rem_1fr]">
            <dt className="text-fg-muted">{trans(SETTINGS_ENVIRONMENT_FACTS[key].label)}</dt>
            <dd className="break-all">
              <span className="font-semibold">{values[key] ?? '—'}</span>
              <span className="mt-0.5 block text-xs break-normal text-fg-muted">
                {trans(SETTINGS_ENVIRONMENT_FACTS[key].hint)}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-fg-muted">
        {trans('Set with environment variables when the server starts; not changed here.')}
      </p>
    </div>
  );
}

/**
 * Shown in the subscriptions section as soon as subscriptions are switched on (before saving)
 * while no payment provider is configured: the pricing page would offer plans nobody can buy.
 */
export function NoPaymentProviderWarning({ billingOn }: { billingOn: boolean }) {
  const trans = useTrans();
  const gateways = usePaymentGateways();
  if (!billingOn || !gateways.isSuccess || gateways.data.length > 0) return null;
  return (
    <div role="alert" className="rounded-lg border border-danger p-4 text-sm">
      <p className="font-semibold">{trans('No payment provider is configured.')}</p>
      <p className="mt-1">
        {trans(
          'With subscriptions on, visitors see the plans but cannot pay for them. Set up Stripe or PayPal (see above) and restart the server, or leave subscriptions off.',
        )}
      </p>
    </div>
  );
}
