import { useState } from 'react';
import type { AdminUser } from '@backbeat/common/admin/people';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { showErrorToast } from '../../../ui/toast/error-toast.ts';
import { toast } from '../../../ui/toast/toast-store.ts';
import { ConfirmDialog } from '../../../entities/workspaces/workspace-form-dialog.tsx';
import { useUserAction, useUserSessions } from './queries.ts';

/** Suspension with a reason: suspended users see the suspended screen and can do nothing. */
function BanPanel({ user }: { user: AdminUser }) {
  const trans = useTrans();
  const [reason, setReason] = useState('');
  const ban = useUserAction(user.id, () => api(endpoints.banAdminUser, { id: user.id, reason }));
  const unban = useUserAction(user.id, () => api(endpoints.unbanAdminUser, { id: user.id }));
  const run = async (action: typeof ban, done: string) => {
    try {
      await action.mutateAsync(undefined);
      toast(done);
    } catch (error) {
      showErrorToast(error, trans);
    }
  };
  if (user.banned_at) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm">
          {trans('Suspended on :date.', { date: new Date(user.banned_at).toLocaleString() })}
          {user.ban_reason && ` ${trans('Reason: :reason', { reason: user.ban_reason })}`}
        </p>
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => run(unban, trans('Suspension lifted'))}
          >
            {trans('Lift suspension')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        const confirmed = await openDialog<boolean>((close) => (
          <ConfirmDialog
            title={trans('Suspend :name?', { name: user.name })}
            body={trans(
              'They will see the suspended screen and can use nothing until the suspension is lifted.',
            )}
            confirm={trans('Suspend')}
            close={close}
          />
        ));
        if (confirmed) await run(ban, trans('User suspended'));
      }}
    >
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {trans('Reason (shown to admins)')}
        <input
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          className="h-[36px] rounded-lg border border-border bg-bg-elevated px-3 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/40"
        />
      </label>
      <div>
        <Button type="submit" variant="danger" size="sm">
          {trans('Suspend user')}
        </Button>
      </div>
    </form>
  );
}

function Sessions({ user }: { user: AdminUser }) {
  const trans = useTrans();
  const sessions = useUserSessions(user.id);
  const revoke = useUserAction(user.id, (sessionId: string) =>
    api(endpoints.revokeAdminUserSession, { id: user.id, sessionId }),
  );
  const logout = useUserAction(user.id, () => api(endpoints.logoutAdminUser, { id: user.id }));
  if (sessions.isPending) return <Skeleton className="h-24 w-full" />;
  if (sessions.isError) return <p role="alert">{trans('The sessions could not be loaded.')}</p>;
  return (
    <div className="flex flex-col gap-3">
      {sessions.data.length === 0 ? (
        <p className="text-sm text-fg-muted">{trans('Not signed in anywhere.')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
              <span className="flex-1">
                {[session.browser, session.platform].filter(Boolean).join(' · ') ||
                  trans('Unknown device')}
                <span className="block text-xs text-fg-muted">
                  {[session.ip_address, session.city, session.country].filter(Boolean).join(', ')} ·{' '}
                  {new Date(session.last_active).toLocaleString()}
                </span>
              </span>
              <Button
                variant="text"
                size="xs"
                onClick={async () => {
                  try {
                    await revoke.mutateAsync(session.id);
                    toast(trans('Session ended'));
                  } catch (error) {
                    showErrorToast(error, trans);
                  }
                }}
              >
                {trans('Sign out')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={logout.isPending}
          onClick={async () => {
            try {
              await logout.mutateAsync(undefined);
              toast(trans('Logged out everywhere'));
            } catch (error) {
              showErrorToast(error, trans);
            }
          }}
        >
          {trans('Log out everywhere')}
        </Button>
      </div>
    </div>
  );
}

/** The security tab: sessions, two-factor state, suspension, password reset link. */
export function UserSecurityTab({ user }: { user: AdminUser }) {
  const trans = useTrans();
  const reset = useUserAction(user.id, () =>
    api(endpoints.sendAdminUserPasswordReset, { id: user.id }),
  );
  const twoFactorOff = useUserAction(user.id, () =>
    api(endpoints.disableAdminUserTwoFactor, { id: user.id }),
  );
  const act = async (action: typeof reset, done: string) => {
    try {
      await action.mutateAsync(undefined);
      toast(done);
    } catch (error) {
      showErrorToast(error, trans);
    }
  };
  return (
    <div className="flex max-w-2xl flex-col gap-8">
      <section aria-labelledby="sessions-title" className="flex flex-col gap-3">
        <h2 id="sessions-title" className="font-semibold">
          {trans('Sessions')}
        </h2>
        <Sessions user={user} />
      </section>
      <section aria-labelledby="twofa-title" className="flex flex-col gap-2">
        <h2 id="twofa-title" className="font-semibold">
          {trans('Two-factor authentication')}
        </h2>
        <p className="text-sm">{user.two_factor_confirmed_at ? trans('On') : trans('Off')}</p>
        {user.two_factor_confirmed_at && (
          <div>
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                act(twoFactorOff, trans('Two factor authentication has been disabled.'))
              }
            >
              {trans('Turn off')}
            </Button>
          </div>
        )}
      </section>
      <section aria-labelledby="password-title" className="flex flex-col gap-2">
        <h2 id="password-title" className="font-semibold">
          {trans('Password')}
        </h2>
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => act(reset, trans('Password reset link sent'))}
          >
            {trans('Send password reset link')}
          </Button>
        </div>
      </section>
      <section aria-labelledby="ban-title" className="flex flex-col gap-2">
        <h2 id="ban-title" className="font-semibold">
          {trans('Suspension')}
        </h2>
        <BanPanel user={user} />
      </section>
    </div>
  );
}
