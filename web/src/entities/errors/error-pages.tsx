import { Link, Navigate, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { ApiError } from '../../lib/api-error.ts';
import { useCurrentUser } from '../../lib/bootstrap.ts';
import { useTrans } from '../../lib/translator.ts';
import { buttonClass } from '../../ui/button.tsx';

function ErrorScreen({
  title,
  text,
  action,
}: {
  title: string;
  text?: string;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <svg viewBox="0 0 120 80" width="160" aria-hidden="true" className="text-primary/80">
        <path
          d="M10 60 Q35 10 60 40 T110 30"
          fill="none"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
        />
        <circle cx="60" cy="40" r="6" fill="currentColor" />
      </svg>
      <h1 className="max-w-xl text-2xl font-bold text-fg md:text-3xl">{title}</h1>
      {text && <p className="max-w-md text-fg-muted">{text}</p>}
      {action}
    </div>
  );
}

export function NotFoundPage() {
  const trans = useTrans();
  return (
    <ErrorScreen
      title={trans("Looks like you've found the doorway to the great nothing")}
      action={
        <Link to="/" className={buttonClass('primary', 'md', 'mt-2')}>
          {trans('Take me there!')}
        </Link>
      }
    />
  );
}

function errorStatus(error: unknown): number | null {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ApiError) return error.status;
  return null;
}

/**
 * Route errors (spec §2, §6): 404 shows the not-found page; 401 or 403 while logged out goes
 * to /login and back; anything else asks to try again later.
 */
export function RouteErrorPage() {
  const trans = useTrans();
  const error = useRouteError();
  const user = useCurrentUser();
  const location = useLocation();
  const status = errorStatus(error);
  if (status === 404) return <NotFoundPage />;
  if ((status === 401 || status === 403) && !user) {
    const back = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/login?redirect=${back}`} replace />;
  }
  return (
    <ErrorScreen
      title={trans('There was an issue loading this page')}
      text={trans('Please try again later')}
      action={
        <button
          type="button"
          className={buttonClass('outline', 'md', 'mt-2')}
          onClick={() => window.location.reload()}
        >
          {trans('Reload')}
        </button>
      }
    />
  );
}

/** The last line of defence, outside the layout, when even the shell failed to render. */
export function UnexpectedErrorPage() {
  const trans = useTrans();
  return (
    <ErrorScreen
      title={trans('Unexpected Application Error')}
      text={trans('Please try again later')}
    />
  );
}
