import { Button, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../shared/EmptyState.tsx';
import { useMerchantIsAdmin } from './role.ts';

const ORDERS = '/parceira/pedidos';
const EXTRACT = '/parceira/pedidos/extrato';

/** 'Minhas Vendas' with the tabs 'Lista de pedidos' and 'Extrato de vendas' (hidden on a checkout's details). */
export function SalesLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const path = pathname.replace(/\/+$/, '');
  const tab = path === EXTRACT ? EXTRACT : path === ORDERS ? ORDERS : null;
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Minhas Vendas</Title>
        <Text c="dimmed">Acompanhe os pedidos pagos com Drip e os repasses da sua loja.</Text>
      </div>
      {tab ? (
        <Tabs value={tab} onChange={(value) => value && void navigate(value)}>
          <Tabs.List>
            <Tabs.Tab value={ORDERS}>Lista de pedidos</Tabs.Tab>
            <Tabs.Tab value={EXTRACT}>Extrato de vendas</Tabs.Tab>
          </Tabs.List>
        </Tabs>
      ) : null}
      <Outlet />
    </Stack>
  );
}

export function OrdersListPage() {
  return (
    <EmptyState
      title="Nenhum pedido para exibir"
      description="A lista de pedidos com busca, filtros por período e status chega em breve. Até lá, nenhum pedido é exibido aqui."
    />
  );
}

export function ExtractPage() {
  return (
    <EmptyState
      title="Extrato indisponível por enquanto"
      description="O extrato de vendas, com os repasses por dia e a exportação em CSV, chega em breve."
    />
  );
}

export function OrderDetailsPage() {
  return (
    <EmptyState
      title="Detalhes do pedido em breve"
      description="Os detalhes do pedido, do cliente e os reembolsos chegam em breve."
      action={
        <Button component={Link} to={ORDERS} variant="light">
          Voltar para a lista de pedidos
        </Button>
      }
    />
  );
}

export function LinksPage() {
  const isAdmin = useMerchantIsAdmin();
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Gerenciar Links</Title>
        <Text c="dimmed">Links de pagamento Drip criados pela sua equipe.</Text>
      </div>
      <EmptyState
        title="Nenhum link para exibir"
        description="A lista de links de pagamento chega em breve. Até lá, nenhum link é exibido aqui."
        action={
          isAdmin ? (
            <Button component={Link} to="/parceira/checkout-links/criar">
              Criar Drip Link
            </Button>
          ) : undefined
        }
      />
    </Stack>
  );
}

export function CreateLinkPage() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Criar Drip Link</Title>
        <Text c="dimmed">Gere um link de pagamento com valor e código do pedido.</Text>
      </div>
      <EmptyState
        title="Esta área chega em breve"
        description="A criação de links de pagamento ainda está em construção."
      />
    </Stack>
  );
}

export function PluginSignUpPage() {
  return (
    <EmptyState
      title="Esta área chega em breve"
      description="A instalação do plugin Drip na sua plataforma ainda está em construção."
    />
  );
}
