import type { BackstageRequestStatus, BackstageRequestType } from '@backbeat/common';
import type { Trans } from '../../../lib/translator.ts';

export const typeLabels = (trans: Trans): Record<BackstageRequestType, string> => ({
  'verify-artist': trans('Verify artist'),
  'become-artist': trans('Become artist'),
  'claim-artist': trans('Claim artist'),
});

export const statusLabels = (trans: Trans): Record<BackstageRequestStatus, string> => ({
  pending: trans('Pending'),
  approved: trans('Approved'),
  denied: trans('Denied'),
});
