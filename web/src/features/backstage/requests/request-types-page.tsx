import { Link } from 'react-router';
import { BACKSTAGE_REQUEST_TYPES, type BackstageRequestType } from '@backbeat/common';
import { useTrans, type Trans } from '../../../lib/translator.ts';
import { Icon, type IconName } from '../../../ui/icons.tsx';

export function requestTypeText(trans: Trans, type: BackstageRequestType) {
  const texts: Record<BackstageRequestType, { title: string; text: string; icon: IconName }> = {
    'verify-artist': {
      title: trans('Verify an artist'),
      text: trans('Get the verified badge on an artist you already manage.'),
      icon: 'verified',
    },
    'become-artist': {
      title: trans('Become an artist'),
      text: trans('Start a new artist profile and upload your music.'),
      icon: 'mic',
    },
    'claim-artist': {
      title: trans('Claim an artist'),
      text: trans('Take over an artist profile that is already on the site.'),
      icon: 'person',
    },
  };
  return texts[type];
}

/** `backstage/requests`: which kind of request to file (spec 2 §2 "a type selector"). */
export function RequestTypesPage() {
  const trans = useTrans();
  return (
    <section aria-labelledby="request-types-title" className="flex max-w-3xl flex-col gap-6">
      <h1 id="request-types-title" className="text-2xl font-semibold">
        {trans('What would you like to do?')}
      </h1>
      <ul className="grid gap-4 sm:grid-cols-3">
        {BACKSTAGE_REQUEST_TYPES.map((type) => {
          const { title, text, icon } = requestTypeText(trans, type);
          return (
            <li key={type}>
              <Link
                to={`/backstage/requests/${type}`}
                className="flex h-full flex-col gap-2 rounded-2xl border border-border p-5 hover:bg-bg-hover focus-visible:outline-2 focus-visible:outline-primary"
              >
                <Icon name={icon} size={28} className="text-primary" />
                <span className="font-semibold">{title}</span>
                <span className="text-sm text-fg-muted">{text}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
