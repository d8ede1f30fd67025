import { EmptyState } from '../shared/EmptyState.tsx';

/**
 * 'Minhas Vendas' → 'Extrato de vendas' (/parceira/pedidos/extrato). A placeholder: the settlements screen (period
 * filter, day rows, 'Exportar extrato') replaces this component, in this file, under the same name.
 */
export function SettlementsTab() {
  return (
    <EmptyState
      title="Extrato indisponível por enquanto"
      description="O extrato de vendas, com os repasses por dia e a exportação em CSV, chega em breve."
    />
  );
}
