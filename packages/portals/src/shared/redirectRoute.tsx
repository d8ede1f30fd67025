import { Navigate, redirect } from 'react-router';

/** A route that only redirects (the loader on navigation; the element if rendered without loaders). */
export function redirectRoute(to: string) {
  return { loader: () => redirect(to), element: <Navigate to={to} replace /> };
}
