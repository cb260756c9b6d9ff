import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRelativeTime } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useTrans } from '../../../lib/translator.ts';
import { Button } from '../../../ui/button.tsx';
import { openDialog } from '../../../ui/dialog/dialog-store.ts';
import { Icon } from '../../../ui/icons.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { PasswordPromptDialog } from '../password-prompt-dialog.tsx';
import { Panel } from '../panel.tsx';
import { accountKeys } from '../queries.ts';

export function SessionsPanel() {
  const trans = useTrans();
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: accountKeys.sessions,
    queryFn: () => api(endpoints.listUserSessions),
  });

  const logoutOthers = async () => {
    const done = await openDialog<boolean>((close) => (
      <PasswordPromptDialog
        title={trans('Log out other sessions')}
        text={trans('Enter your password to log out of your other browsers and devices.')}
        submitLabel={trans('Log out other sessions')}
        submit={async (password) => {
          const { message } = await api(endpoints.logoutOtherSessions, { password });
          toast(trans(message));
          return true;
        }}
        close={close}
      />
    ));
    if (done) await queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
  };

  return (
    <Panel
      id="sessions"
      title={trans('Active sessions')}
      description={trans('The browsers and devices logged in to your account.')}
    >
      {sessions.isPending && <Spinner size={24} />}
      {sessions.isError && (
        <p className="text-sm text-danger">{trans(errorMessage(sessions.error))}</p>
      )}
      {sessions.data && (
        <ul
          data-testid="sessions-list"
          className="max-h-[400px] divide-y divide-border overflow-y-auto"
        >
          {sessions.data.sessions.map((session) => (
            <li key={session.id} className="flex items-center gap-4 py-3">
              <Icon
                name={session.device_type === 'desktop' ? 'dashboard' : 'person'}
                className="shrink-0 text-fg-muted"
              />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-fg">
                  {[session.platform, session.browser].filter(Boolean).join(' · ') ||
                    trans('Unknown device')}
                </p>
                <p className="truncate text-xs text-fg-muted">
                  {[session.city, session.country, session.ip_address].filter(Boolean).join(' · ')}
                  {' · '}
                  {session.is_current_device ? (
                    <span className="font-semibold text-positive">{trans('This device')}</span>
                  ) : (
                    formatRelativeTime(session.last_active, { translate: trans })
                  )}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Button
        className="mt-4"
        variant="outline"
        onClick={() => void logoutOthers().catch((e) => toast.danger(trans(errorMessage(e))))}
      >
        {trans('Log out other sessions')}
      </Button>
    </Panel>
  );
}
