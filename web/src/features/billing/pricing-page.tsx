import { Link } from 'react-router';
import { useTrans } from '../../lib/translator.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';

/**
 * `/pricing`, where the route guard sends a signed-in listener without a subscription on a
 * billing site. Plans, checkout and billing come with the billing issue; until then the page
 * says so honestly rather than answering "not found".
 */
export function PricingPage() {
  const trans = useTrans();
  return (
    <div className="flex flex-col items-center gap-4 px-6 py-20 text-center">
      <Icon name="music" size={44} className="text-primary" />
      <h1 className="text-3xl font-bold">{trans('Plans are coming soon')}</h1>
      <p className="max-w-md text-fg-muted">
        {trans('Subscriptions are not available yet. Check back soon to pick a plan.')}
      </p>
      <Link to="/" className={buttonClass('outline', 'md')}>
        {trans('Back to home')}
      </Link>
    </div>
  );
}
