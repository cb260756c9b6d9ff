import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { hasPermission } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/bootstrap.ts';
import { useTransChoice } from '../../../lib/translator.ts';
import { Icon } from '../../../ui/icons.tsx';

/**
 * The dashboard's count of artist requests waiting for review (issue 36.1b), linking to the
 * queue; shown only to those who review them (users.update) and only while some wait.
 */
export function PendingRequestsNote() {
  const transChoice = useTransChoice();
  const user = useCurrentUser();
  const reviews = !!user && hasPermission({ user, guestPermissions: [] }, 'users.update');
  const query = useQuery({
    queryKey: ['admin', 'backstage-requests', { status: 'pending', perPage: 1 }],
    queryFn: () => api(endpoints.listAdminBackstageRequests, { status: 'pending', perPage: 1 }),
    enabled: reviews,
  });
  const waiting = query.data?.pagination.total ?? 0;
  if (!reviews || !waiting) return null;
  return (
    <Link
      to="/admin/backstage-requests?status=pending"
      className="flex items-center gap-3 rounded-xl border border-border bg-bg-elevated px-4 py-3 text-sm font-medium text-fg hover:bg-bg-hover"
    >
      <Icon name="mic" size={20} className="text-primary" />
      {transChoice(
        ':count new artist request waits for review|:count new artist requests wait for review',
        waiting,
      )}
    </Link>
  );
}
