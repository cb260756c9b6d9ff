import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { joinWorkspace } from '../../entities/workspaces/queries.ts';

/**
 * Where an invitation email leads: a signed-in user joins at once and lands home in the
 * workspace; a guest logs in first and comes back here.
 */
export function JoinWorkspacePage() {
  const trans = useTrans();
  const navigate = useNavigate();
  const { inviteId = '' } = useParams();
  const user = useCurrentUser();
  const started = useRef(false);

  useEffect(() => {
    if (!user || started.current) return;
    started.current = true;
    void joinWorkspace(inviteId).then(() => navigate('/', { replace: true }));
  }, [user, inviteId, navigate]);

  if (!user) {
    const back = encodeURIComponent(`/workspace/join/${inviteId}`);
    return <Navigate to={`/workspace/join/login?redirect=${back}`} replace />;
  }
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-24 text-fg-muted">
      <Spinner />
      <p className="text-sm">{trans('Joining workspace...')}</p>
    </div>
  );
}
