import type { RouteObject } from 'react-router';

/** The link of an invitation email; `workspace/join/login` and `/register` are auth pages. */
export const workspaceRoutes: RouteObject[] = [
  {
    path: 'workspace/join/:inviteId',
    lazy: async () => ({
      Component: (await import('./join-workspace-page.tsx')).JoinWorkspacePage,
    }),
  },
];
