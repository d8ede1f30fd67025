import { authMessages, customerMessages } from '@drip/core';
import { Outlet } from 'react-router';
import { AreaShell } from '../shared/AreaShell.tsx';
import { CUSTOMER_HOME_PATH, useCustomerLogout } from './context.tsx';

export function CustomerLayout() {
  const logout = useCustomerLogout();
  return (
    <AreaShell
      homePath={CUSTOMER_HOME_PATH}
      areaLabel="Portal do cliente"
      links={[{ to: '/cliente/pedidos', label: customerMessages.nav.orders }]}
      profile={{ to: '/cliente/perfil', label: authMessages.myProfile }}
      onLogout={logout}
    >
      <Outlet />
    </AreaShell>
  );
}
