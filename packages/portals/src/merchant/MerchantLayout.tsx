import { Badge, Skeleton } from '@mantine/core';
import { Outlet } from 'react-router';
import { type AreaLink, AreaShell } from '../shared/AreaShell.tsx';
import { useMerchantInfo } from './api/merchant.ts';
import { MERCHANT_HOME_PATH, useMerchantLogout } from './context.tsx';
import { useMerchantIsAdmin } from './role.ts';

function MerchantName() {
  const info = useMerchantInfo();
  if (info.isPending)
    return <Skeleton height={22} width={120} radius="xl" aria-label="Carregando parceiro" />;
  if (info.isError) return null;
  return (
    <Badge size="lg" variant="light" radius="sm" tt="none" title="Parceiro">
      {info.data.name}
    </Badge>
  );
}

export function MerchantLayout() {
  const logout = useMerchantLogout();
  const isAdmin = useMerchantIsAdmin();
  const links: AreaLink[] = [
    { to: '/parceira/pedidos', label: 'Minhas Vendas' },
    { to: '/parceira/checkout-links', label: 'Gerenciar Links', end: true },
  ];
  if (isAdmin) links.push({ to: '/parceira/checkout-links/criar', label: 'Criar Drip Link' });
  return (
    <AreaShell
      homePath={MERCHANT_HOME_PATH}
      areaLabel="Parceiro"
      links={links}
      context={<MerchantName />}
      profile={{ to: '/parceira/perfil', label: 'Meu Perfil' }}
      onLogout={logout}
    >
      <Outlet />
    </AreaShell>
  );
}
