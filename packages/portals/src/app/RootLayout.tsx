import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';

export const DEFAULT_TITLE = 'Drip';

function titleOf(handle: unknown): string | null {
  if (typeof handle !== 'object' || handle === null || !('title' in handle)) return null;
  return typeof handle.title === 'string' ? handle.title : null;
}

/** Sets the page title from the deepest route `handle.title` ('Drip' by default). */
export function RootLayout() {
  const matches = useMatches();
  const title = matches.reduce<string>((current, match) => titleOf(match.handle) ?? current, DEFAULT_TITLE);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
