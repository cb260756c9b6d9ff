/**
 * `npm run payments:stand-in`: the Stripe and PayPal stand-ins the tests use, on fixed local
 * ports with fixed test keys, so an admin can try a purchase end to end without an account
 * at either provider. The official SDKs talk to them as they would to the real APIs; their
 * checkout and approval pages "pay" at once. Nothing leaves the machine. Prints the variables
 * to start Backbeat with; Ctrl+C stops them (their plans and subscriptions live in memory).
 */
import { startPaypalStandIn } from './paypal-server.ts';
import { startStripeStandIn } from './stripe-server.ts';

const port = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65_535) {
    throw new Error(`${name} must be a port number, not ${process.env[name]}`);
  }
  return value;
};

const stripe = await startStripeStandIn({
  port: port('STRIPE_STAND_IN_PORT', 12111),
  secretKey: 'sk_test_backbeat_stand_in',
  webhookSecret: 'whsec_backbeat_stand_in',
});
const paypal = await startPaypalStandIn({
  port: port('PAYPAL_STAND_IN_PORT', 12112),
  clientId: 'backbeat-stand-in',
  secret: 'backbeat-stand-in-secret',
  webhookId: 'WH-BACKBEAT-STAND-IN',
});

process.stdout.write(
  [
    `Stripe stand-in: ${stripe.url}`,
    `PayPal stand-in: ${paypal.config.apiBase}`,
    '',
    'Start Backbeat with these (e.g. in .env), then restart it:',
    '',
    `STRIPE_SECRET_KEY=${stripe.config.secretKey}`,
    `STRIPE_WEBHOOK_SECRET=${stripe.config.webhookSecret}`,
    `STRIPE_API_BASE=${stripe.config.apiBase}`,
    `PAYPAL_CLIENT_ID=${paypal.config.clientId}`,
    `PAYPAL_SECRET=${paypal.config.secret}`,
    `PAYPAL_WEBHOOK_ID=${paypal.config.webhookId}`,
    `PAYPAL_API_BASE=${paypal.config.apiBase}`,
    '',
    'Press Ctrl+C to stop.',
    '',
  ].join('\n'),
);

const stop = () => {
  void Promise.all([stripe.close(), paypal.close()]).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
