import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Marks a route that matches any path (the root channel routes, the not-found page): a menu
 * link that only reaches such a route leads nowhere the app really has.
 */
export const CATCH_ALL_ROUTE = { catchAll: true } as const;

let knownRoutes: (() => RouteObject[]) | null = null;
let pending: (pathname: string) => boolean = () => false;

/**
 * Called once before the first render (main.tsx) with the router's live route table, which
 * grows as areas are visited, and which addresses lie in areas not added yet (kept, unchecked).
 */
export function setKnownRoutes(
  routes: () => RouteObject[],
  routesPending: (pathname: string) => boolean = () => false,
): void {
  knownRoutes = routes;
  pending = routesPending;
}

function isCatchAll(route: RouteObject): boolean {
  return (
    route.path === '*' || (route.handle as typeof CATCH_ALL_ROUTE | undefined)?.catchAll === true
  );
}

/**
 * Whether an internal menu action opens a page the app has. Until pages such as /contact
 * exist, menu items pointing at them are skipped instead of landing on "not found". Without
 * a route table (unit tests, embeds) every link is kept.
 */
export function isKnownRoute(action: string): boolean {
  if (!knownRoutes) return true;
  const pathname = action.split(/[?#]/)[0] || '/';
  if (pending(pathname)) return true;
  const matches = matchRoutes(knownRoutes(), pathname);
  const deepest = matches?.at(-1)?.route;
  return deepest !== undefined && !isCatchAll(deepest);
}
