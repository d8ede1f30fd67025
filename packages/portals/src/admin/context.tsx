import type { AdminClient } from '@drip/core';
import { useQueryClient } from '@tanstack/react-query';
import { createContext } from 'react';
import { useNavigate } from 'react-router';
import { useRequiredContext } from '../shared/context.tsx';
import type { AreaSession } from '../shared/session.ts';

export type { AdminClient };
export interface AdminDeps {
  readonly client: AdminClient;
  readonly session: AreaSession;
}

export const ADMIN_LOGIN_PATH = '/admin/login';
export const ADMIN_HOME_PATH = '/admin';

const AdminContext = createContext<AdminDeps | null>(null);
export const AdminProvider = AdminContext.Provider;

export function useAdmin(): AdminDeps {
  return useRequiredContext(AdminContext, 'Admin');
}

/** 'Sair': forget the session and the cached data, back to the admin login. */
export function useAdminLogout(): () => void {
  const { session, client } = useAdmin();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    // Ends the session on the server too (reads the refresh token before the store is cleared); the local logout
    // does not wait for it.
    void client.logout();
    session.clear();
    queryClient.clear();
    void navigate(ADMIN_LOGIN_PATH, { replace: true });
  };
}
