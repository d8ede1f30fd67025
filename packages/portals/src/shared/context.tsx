import type { PortalClient } from '@drip/core';
import { useQueryClient } from '@tanstack/react-query';
import { type Context, useContext } from 'react';
import { useNavigate } from 'react-router';
import type { AreaSession } from './session.ts';

/** Reads a context whose provider is required; throws a clear message outside it. */
export function useRequiredContext<T>(context: Context<T | null>, name: string): T {
  const value = useContext(context);
  if (value === null) throw new Error(`use${name} must be used inside <${name}Provider>.`);
  return value;
}

/** 'Sair' of a portal area: forget the session and the cached data, back to the area's login at `loginPath`. */
export function useAreaLogout(
  { client, session }: { client: PortalClient; session: AreaSession },
  loginPath: string,
): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    // Ends the session on the server too (reads the refresh token before the store is cleared); the local logout
    // does not wait for it.
    void client.logout();
    session.clear();
    queryClient.clear();
    void navigate(loginPath, { replace: true });
  };
}
