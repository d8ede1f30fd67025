import type { AdminClient } from '@drip/core';
import { createContext } from 'react';
import { useAreaLogout, useRequiredContext } from '../shared/context.tsx';
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
  return useAreaLogout(useAdmin(), ADMIN_LOGIN_PATH);
}
