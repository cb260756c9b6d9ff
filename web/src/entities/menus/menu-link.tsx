import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { MenuItem } from '@backbeat/common';

export function MenuLink({
  item,
  className,
  children,
}: {
  item: MenuItem;
  className: (state: { isActive: boolean }) => string;
  children: ReactNode;
}) {
  if (item.type === 'link') {
    const external = item.target === '_blank';
    return (
      <a
        href={item.action}
        target={item.target ?? undefined}
        rel={external ? 'noopener noreferrer' : undefined}
        className={className({ isActive: false })}
      >
        {children}
      </a>
    );
  }
  return (
    <NavLink to={item.action} end={item.action === '/'} className={className}>
      {children}
    </NavLink>
  );
}
