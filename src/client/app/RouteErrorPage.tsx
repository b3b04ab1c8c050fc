import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { Emoji } from '../components/Emoji';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <section role="alert" className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-16 text-center">
      <span aria-hidden="true" className="text-6xl">
        <Emoji char="💥" />
      </span>
      <h1 className="font-display text-3xl font-bold text-white">Unexpected Application Error!</h1>
      <pre className="overflow-x-auto rounded-xl bg-slate-900 p-4 text-left text-sm whitespace-pre-wrap break-words text-rose-200">
        {describe(error)}
      </pre>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-secondary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link to="/" className="btn-primary">
          Back to home
        </Link>
      </div>
    </section>
  );
}
