import type { User } from '@backbeat/common';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';
import { UserMenu } from './user-menu.tsx';

/** The signed-in end of the navbar; loaded apart, so guests never download it. */
export function AccountControls({ user }: { user: User }) {
  return (
    <div className="flex items-center gap-1">
      <NotificationBell />
      <UserMenu user={user} />
    </div>
  );
}
