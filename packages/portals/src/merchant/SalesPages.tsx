import { Stack, Tabs, Text, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ContentFirstProvider } from '../shared/contentFirst.tsx';
import { BigNumbers } from './sales/BigNumbers.tsx';

const ORDERS = '/parceira/pedidos';
const EXTRACT = '/parceira/pedidos/extrato';

/**
 * 'Minhas Vendas' with the tabs 'Lista de pedidos' and 'Extrato de vendas' and the big numbers; tabs and big numbers
 * are hidden on a checkout's details (spec 2.4).
 */
export function SalesLayout() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const path = pathname.replace(/\/+$/, '');
  const tab = path === EXTRACT ? EXTRACT : path === ORDERS ? ORDERS : null;
  // The period of the big numbers stays when switching tabs.
  const period = new URLSearchParams(search).get('volume_period');
  return (
    <ContentFirstProvider>
      <Stack gap="lg">
        <div>
          <Title order={2}>Minhas Vendas</Title>
          <Text c="dimmed">Acompanhe os pedidos pagos com Drip e os repasses da sua loja.</Text>
        </div>
        {tab ? (
          <>
            <BigNumbers />
            <Tabs
              value={tab}
              onChange={(value) =>
                value && void navigate(period ? `${value}?volume_period=${period}` : value)
              }
            >
              <Tabs.List>
                <Tabs.Tab value={ORDERS}>Lista de pedidos</Tabs.Tab>
                <Tabs.Tab value={EXTRACT}>Extrato de vendas</Tabs.Tab>
              </Tabs.List>
            </Tabs>
          </>
        ) : null}
        <Outlet />
      </Stack>
    </ContentFirstProvider>
  );
}
