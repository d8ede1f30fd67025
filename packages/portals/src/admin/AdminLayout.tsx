import { Outlet } from 'react-router';
import { AreaShell } from '../shared/AreaShell.tsx';
import { ADMIN_HOME_PATH, useAdminLogout } from './context.tsx';

const links = [
  { to: '/admin/orders', label: 'Pedidos' },
  { to: '/admin/merchants', label: 'Parceiros' },
  { to: '/admin/stores', label: 'Lojas (B2C)' },
  { to: '/admin/customers', label: 'Clientes' },
] as const;

export function AdminLayout() {
  const logout = useAdminLogout();
  return (
    <AreaShell
      homePath={ADMIN_HOME_PATH}
      areaLabel="Back office"
      links={links}
      profile={{ to: '/admin/profile', label: 'Meu perfil' }}
      onLogout={logout}
    >
      <Outlet />
    </AreaShell>
  );
}
