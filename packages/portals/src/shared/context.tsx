import { type Context, useContext } from 'react';

/** Reads a context whose provider is required; throws a clear message outside it. */
export function useRequiredContext<T>(context: Context<T | null>, name: string): T {
  const value = useContext(context);
  if (value === null) throw new Error(`use${name} must be used inside <${name}Provider>.`);
  return value;
}
