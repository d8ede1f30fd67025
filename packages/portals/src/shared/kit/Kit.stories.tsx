import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { CustomerInstalment } from '@drip/core';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { fireEvent, userEvent, within } from 'storybook/test';
import * as v from 'valibot';
import { ApiFailure } from '../api.ts';
import { PasswordInput } from '../PasswordInput.tsx';

import { ActionsMenu } from './ActionsMenu.tsx';
import { AuditHistory } from './AuditHistory.tsx';
import { CONFIRMATIONS, ConfirmAction, ConfirmDialog } from './ConfirmAction.tsx';
import { CopyButton } from './CopyButton.tsx';
import { DetailList } from './DetailList.tsx';
import { DetailSection, DetailsPage } from './DetailsPage.tsx';
import {
  DemoDateFilters,
  DemoForm,
  DemoFormPage,
  DemoInfiniteStores,
  DemoListEntry,
  DemoStoreList,
  DemoWholeList,
  demoStores,
  failingWith,
  fetchFrom,
  KitHarness,
} from './demo.tsx';
import { FailureBanner } from './form.tsx';
import { InstalmentTable } from './InstalmentTable.tsx';
import { Pagination } from './Pagination.tsx';
import { ResponsiveTable, type TableColumn } from './ResponsiveTable.tsx';
import { SectionCard } from './SectionCard.tsx';
import { StatusBadge } from './StatusBadge.tsx';

const phone = { viewport: { value: 'phone', isRotated: false } };

const meta = {
  title: 'Portals/Kit',
  component: KitHarness,
  args: { path: '/lojas', children: null },
} satisfies Meta<typeof KitHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PagedList: Story = {
  args: { path: '/lojas?page=1', children: <DemoStoreList fetchStores={fetchFrom(demoStores(57))} /> },
  parameters: { keyText: ['Loja 011', 'Loja 020', 'Exibir somente lojas ativas', 'Nome da loja'] },
};
export const PagedListFiltered: Story = {
  args: {
    path: '/lojas?storeName=00&onlyActiveStores=true',
    children: <DemoStoreList fetchStores={fetchFrom(demoStores(57))} />,
  },
  parameters: { keyText: ['Loja 001', 'Loja 004', 'Ativo'] },
};
export const PagedListOnPhone: Story = {
  args: { children: <DemoStoreList fetchStores={fetchFrom(demoStores(57))} /> },
  globals: phone,
  parameters: { keyText: ['Loja 001', 'Detalhes'] },
};
export const PagedListLoading: Story = {
  args: { children: <DemoStoreList fetchStores={() => new Promise(() => undefined)} /> },
  parameters: { keyText: 'Carregando…' },
};
export const PagedListEmpty: Story = {
  args: { children: <DemoStoreList fetchStores={fetchFrom([])} /> },
  parameters: { keyText: 'Nenhuma loja para exibir' },
};
/** A search that found nothing says so apart from an empty list. */
export const PagedListNothingFound: Story = {
  args: { path: '/lojas?storeName=zzz', children: <DemoStoreList fetchStores={fetchFrom(demoStores(57))} /> },
  parameters: { keyText: ['Nenhuma loja encontrada', 'Mude os filtros para ver outras lojas.'] },
};
export const PagedListError: Story = {
  args: { children: <DemoStoreList fetchStores={failingWith(503)} /> },
  parameters: { keyText: ['Não foi possível carregar as lojas', 'O servidor respondeu com erro (503).'] },
};
/** A count the server stopped at its cap (30 here, 10 000 for the merchant's orders): the pages cover the first 30. */
export const PagedListCapped: Story = {
  args: { children: <DemoStoreList fetchStores={fetchFrom(demoStores(57), 30)} /> },
  parameters: {
    keyText: [
      'Mais de 30 resultados',
      'A lista mostra os 30 primeiros. Use os filtros para encontrar o que procura.',
      'Loja 001',
    ],
  },
};
/** A search kept in the URL: typed freely, applied on 'Buscar' or Enter, back to page 0. */
export const SearchedList: Story = {
  args: {
    path: '/lojas?page=2',
    children: <DemoStoreList fetchStores={fetchFrom(demoStores(57))} searchBox />,
  },
  parameters: { keyText: ['Nome da loja', 'Buscar', 'Loja 005', 'Loja 050'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Nome da loja'), '05{enter}');
    await canvas.findByText('Loja 005');
  },
};
export const SearchedListOnPhone: Story = {
  args: {
    path: '/lojas?storeName=01',
    children: <DemoStoreList fetchStores={fetchFrom(demoStores(57))} searchBox />,
  },
  globals: phone,
  parameters: { keyText: ['Loja 001', 'Loja 010'] },
};
/** A list the API answers whole (categories, tags) under a list header with a way back and an add button. */
export const WholeListWithHeader: Story = {
  args: { children: <DemoWholeList fetchAll={async () => demoStores(4)} /> },
  parameters: { keyText: ['Tags', 'Voltar para as lojas', 'Adicionar Tag', 'Loja 001', 'Editar'] },
};
export const WholeListOnPhone: Story = {
  args: { children: <DemoWholeList fetchAll={async () => demoStores(4)} /> },
  globals: phone,
  parameters: { keyText: ['Loja 001', 'Editar'] },
};
/** A risk list's form: values, a reason, 'Adicionar' and the confirmed 'Remover'. */
export const ListEntry: Story = {
  args: { children: <DemoListEntry onAdd={() => undefined} onRemove={() => undefined} /> },
  parameters: {
    keyText: ['Lista de exemplo', 'CPFs', 'Um por linha, ou separados por vírgula', 'Motivo', 'Remover'],
  },
};
export const ListEntryInvalid: Story = {
  args: { children: <DemoListEntry onAdd={() => undefined} onRemove={() => undefined} /> },
  parameters: { keyText: ['Informe ao menos um CPF'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Adicionar' }));
    await canvas.findByText('Informe ao menos um CPF');
  },
};
export const ListEntryReasonsFailed: Story = {
  args: {
    children: (
      <DemoListEntry
        onAdd={() => undefined}
        onRemove={() => undefined}
        reasons={{ isPending: false, isError: true }}
      />
    ),
  },
  globals: phone,
  parameters: { keyText: ['Não foi possível carregar os motivos'] },
};
export const InfiniteScroll: Story = {
  args: { children: <DemoInfiniteStores fetchStores={fetchFrom(demoStores(57))} /> },
  parameters: { keyText: ['Loja 001', 'Carregar mais'] },
};
export const PaginationControl: Story = {
  args: {
    children: (
      <Stack p="md">
        <Pagination page={4} totalPages={10} onChange={() => undefined} />
        <Pagination page={0} totalPages={3} onChange={() => undefined} />
      </Stack>
    ),
  },
  parameters: { keyText: ['5', '6'] },
};

export const Details: Story = {
  args: {
    children: (
      <Paper withBorder radius="lg" p="xl" m="md">
        <DetailList
          items={[
            { label: 'Nome', value: 'Casa Ipê' },
            { label: 'Status', value: <StatusBadge kind="store" status="ACTIVE" /> },
            { label: 'Complemento', value: null },
            { label: 'Oferece desconto Pix', value: false },
            { label: 'Pedido', value: <StatusBadge kind="order" status="CANCELED" /> },
            { label: 'Pagamento', value: <StatusBadge kind="payment" status="REFUNDED" /> },
          ]}
        />
      </Paper>
    ),
  },
  parameters: { keyText: ['Casa Ipê', 'N/A', 'Ativo', 'Cancelada', 'Reembolsado', 'Não'] },
};

/** Section titles with their action: on a phone a long title wraps beside 'Adicionar' rather than pushing it down. */
function DemoSections() {
  return (
    <Stack p="md" gap="md">
      <SectionCard title="Configurações de repasse" action={<Button size="xs">Adicionar</Button>}>
        <Text c="dimmed">Nenhuma configuração de repasse cadastrada.</Text>
      </SectionCard>
      <SectionCard
        title="Chave de API"
        action={
          <Group gap="xs">
            <Button size="xs" variant="light">
              Copiar
            </Button>
            <Button size="xs" color="red" variant="light">
              Redefinir chave de API
            </Button>
          </Group>
        }
      >
        <Text>••••••••</Text>
      </SectionCard>
      <SectionCard title="Dados do comerciante">
        <Text>Casa Ipê</Text>
      </SectionCard>
    </Stack>
  );
}

export const Sections: Story = {
  args: { children: <DemoSections /> },
  parameters: { keyText: ['Configurações de repasse', 'Adicionar', 'Redefinir chave de API'] },
};
export const SectionsOnPhone: Story = {
  args: { children: <DemoSections /> },
  globals: phone,
  parameters: { keyText: ['Configurações de repasse', 'Adicionar'] },
};

/** A record's details page: the way back, the title with the name and the actions, then sections of details. */
function DemoDetailsPage() {
  return (
    <Stack p="md">
      <DetailsPage
        back={{ to: '/lojas', label: 'Voltar para as lojas' }}
        title="Detalhes da loja"
        subtitle="Casa Ipê"
        actions={
          <>
            <Button variant="light" color="red">
              Desabilitar
            </Button>
            <Button>Editar</Button>
          </>
        }
      >
        <DetailSection
          title="Dados da loja"
          items={[
            { label: 'Nome', value: 'Casa Ipê' },
            { label: 'Status', value: <StatusBadge kind="store" status="ACTIVE" /> },
            { label: 'Complemento', value: null },
          ]}
        />
        <DetailSection
          title="Representante legal"
          cols={2}
          items={[
            { label: 'Nome', value: 'Ana Ipê' },
            { label: 'E-mail', value: 'ana@ipe.demo' },
          ]}
        />
      </DetailsPage>
    </Stack>
  );
}

export const DetailsPageLayout: Story = {
  args: { children: <DemoDetailsPage /> },
  parameters: {
    keyText: ['Voltar para as lojas', 'Detalhes da loja', 'Casa Ipê', 'Representante legal', 'N/A'],
  },
};
export const DetailsPageLayoutOnPhone: Story = {
  args: { children: <DemoDetailsPage /> },
  globals: phone,
  parameters: { keyText: ['Detalhes da loja', 'Editar', 'Dados da loja'] },
};

const demoHistory = [
  {
    id: 'h-2',
    at: '2026-11-20T15:00:00.000Z',
    action: 'FRAUD_UNBLOCKED',
    entityType: 'BLOCKED_CPF',
    entityId: '52998224725',
    actor: { type: 'ADMIN' as const, id: 'a-1', name: 'Administradora Drip', email: 'admin@drip.dev' },
    before: { active: true, reason: 'FRAUD_ID' },
    after: { active: false, reason: 'FRAUD_ID' },
    details: {},
  },
  {
    id: 'h-1',
    at: '2026-11-19T10:30:00.000Z',
    action: 'LATE_FEE_REMOVED',
    entityType: 'INSTALMENT',
    entityId: 'i-2',
    actor: { type: 'SYSTEM' as const, id: null, name: null, email: null },
    before: { lateFee: 4.5 },
    after: { lateFee: 0 },
    details: { reason: 'Cobrança indevida' },
  },
];
const demoSubject = (e: { entityType: string }) => (e.entityType === 'INSTALMENT' ? 'Parcela 2' : 'CPF');

const demoHistoryTable = (
  <Stack p="md">
    <AuditHistory entries={demoHistory} subjectOf={demoSubject} empty="Nenhuma ação registrada." />
  </Stack>
);

export const History: Story = {
  args: { children: demoHistoryTable },
  parameters: {
    keyText: ['Histórico', 'FRAUD_UNBLOCKED', 'Administradora Drip (admin@drip.dev)', 'Sistema'],
  },
};
export const HistoryOnPhone: Story = {
  args: { children: demoHistoryTable },
  globals: phone,
  parameters: { keyText: ['Histórico', 'Parcela 2', 'Cobrança indevida'] },
};
export const HistoryEmpty: Story = {
  args: {
    children: (
      <Stack p="md">
        <AuditHistory entries={[]} subjectOf={demoSubject} empty="Nenhuma ação registrada." />
      </Stack>
    ),
  },
  parameters: { keyText: ['Histórico', 'Nenhuma ação registrada.'] },
};

export const StatusBadges: Story = {
  args: {
    children: (
      <Group p="md">
        <StatusBadge kind="checkout" status="PRISTINE" />
        <StatusBadge kind="checkout" status="MORE_INFO" />
        <StatusBadge kind="checkout" status="OK" />
        <StatusBadge kind="checkout" status="KO" />
        <StatusBadge kind="checkout" status="EXPIRED" />
        <StatusBadge kind="merchant" status="ARCHIVED" />
        <StatusBadge kind="promotion" status="ACTIVE" />
        <StatusBadge kind="sale" status="APPROVED" />
        <StatusBadge kind="sale" status="REFUNDED" />
        <StatusBadge kind="sale" status="DENIED" />
        <StatusBadge kind="sale" status="ABANDONED" />
      </Group>
    ),
  },
  parameters: {
    keyText: [
      'Criado',
      'Em uso',
      'Concluído',
      'Falha durante o checkout do cliente',
      'Habilitado',
      'Aprovado',
      'Estornado',
      'Negado',
      'Abandonado',
    ],
  },
};

export const Confirm: Story = {
  args: {
    children: (
      <Group p="md">
        <ConfirmAction color="red" onConfirm={() => undefined}>
          Desabilitar
        </ConfirmAction>
        <ConfirmAction question={CONFIRMATIONS.removeFee} onConfirm={() => undefined}>
          Remover multa
        </ConfirmAction>
      </Group>
    ),
  },
  parameters: { keyText: ['Você tem certeza?', 'Confirmar', 'Cancelar'] },
  play: async () => {
    const body = within(document.body);
    await userEvent.click(await body.findByRole('button', { name: 'Desabilitar' }));
    await body.findByRole('dialog', {}, { timeout: 3000 });
  },
};

/**
 * A row's 'Ações' (the admin customers list): a plain button until the first click (or hover) fetches the menu's
 * code; the menu then opens on its own.
 */
export const ActionsMenuOpened: Story = {
  args: {
    env: 'test',
    children: (
      <Group p="md">
        <ActionsMenu
          label="Ações"
          buttonLabel="Ações de Maria"
          size="xs"
          entries={[
            { label: 'Bloquear CPF', to: '/admin/block-user?cpf=52998224725' },
            { label: 'Bloquear CEP', to: '/admin/block-user?cep=', disabled: true },
            { label: 'Arquivar', onClick: () => undefined },
          ]}
        />
      </Group>
    ),
  },
  parameters: { keyText: ['Bloquear CPF', 'Bloquear CEP', 'Arquivar'] },
  play: async () => {
    const body = within(document.body);
    await userEvent.click(await body.findByRole('button', { name: 'Ações de Maria' }));
    await body.findByRole('menuitem', { name: 'Bloquear CPF' }, { timeout: 3000 });
  },
};

/** The dialog opened from a menu entry (the admin customer's Actions): the caller holds `opened`. */
function MenuConfirm() {
  const [opened, setOpened] = useState(false);
  return (
    <Group p="md">
      <button type="button" onClick={() => setOpened(true)}>
        Arquivar
      </button>
      <ConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        details="Arquivar"
        onConfirm={() => undefined}
      />
    </Group>
  );
}

export const ConfirmFromMenu: Story = {
  args: { children: <MenuConfirm /> },
  parameters: { keyText: ['Você tem certeza?', 'Confirmar', 'Cancelar'] },
  play: async () => {
    const body = within(document.body);
    await userEvent.click(await body.findByRole('button', { name: 'Arquivar' }));
    await body.findByRole('dialog', {}, { timeout: 3000 });
  },
};

export const Copy: Story = {
  args: {
    children: (
      <Stack p="md" align="flex-start">
        <Title order={4}>Drip Link</Title>
        <CopyButton value="https://drip.example/l/abc123">Copiar link</CopyButton>
      </Stack>
    ),
  },
  parameters: { keyText: 'Copiar link' },
};

export const Form: Story = {
  args: { children: <DemoForm submit={async () => undefined} /> },
  parameters: { keyText: ['E-mail', 'CPF', 'Limite máximo do pedido', 'Cashback (%)', 'Atualizar'] },
};

export const FormValidation: Story = {
  args: { children: <DemoForm submit={async () => undefined} /> },
  parameters: { keyText: 'O e-mail é inválido' },
  play: async () => {
    const body = within(document.body);
    await userEvent.type(await body.findByLabelText('E-mail'), 'não-é-email');
    await userEvent.click(body.getByRole('button', { name: 'Atualizar' }));
  },
};

/**
 * A form page (FormPage, useFormFields): back link, title, card, fields bound to their values and errors, the
 * submit at the end. The store is the kit's SearchSelect: a text box until Mantine's Select has arrived.
 */
export const FormPageWithPicker: Story = {
  args: { children: <DemoFormPage /> },
  parameters: { keyText: ['Criar promoção', 'Voltar para as promoções', 'Loja', 'Preço', 'Imagem', 'Criar'] },
};
export const FormPageOnPhone: Story = {
  args: { children: <DemoFormPage /> },
  globals: phone,
  parameters: { keyText: ['Criar promoção', 'Loja', 'Criar'] },
};
export const FormPageErrors: Story = {
  args: { children: <DemoFormPage failed /> },
  parameters: { keyText: ['Nome é obrigatório', 'Loja é obrigatória'] },
  play: async () => {
    const body = within(document.body);
    await userEvent.click(await body.findByRole('button', { name: 'Criar' }));
  },
};
export const FormPageSearchTyped: Story = {
  args: { children: <DemoFormPage /> },
  parameters: { keyText: 'Casa Aurora' },
  play: async () => {
    const body = within(document.body);
    await userEvent.type(await body.findByRole('combobox', { name: 'Loja' }), 'Casa');
  },
};

/** A failed submit's banner: '(status)' by default, or the spec's own wording for a status. */
export const FailureBanners: Story = {
  args: {
    children: (
      <Stack gap="sm" p="md" maw={520}>
        <FailureBanner
          title="Incapaz de editar comerciante"
          error={new ApiFailure({ kind: 'http', code: 'X', message: 'x', status: 422 })}
        />
        <FailureBanner
          title="Incapaz de criar conta de comerciante"
          error={new ApiFailure({ kind: 'http', code: 'X', message: 'x', status: 409 })}
          describe={(status) => (status === 409 ? ' - Email Já cadastrado' : undefined)}
        />
      </Stack>
    ),
  },
  parameters: {
    keyText: [
      'Incapaz de editar comerciante (422)',
      'Incapaz de criar conta de comerciante - Email Já cadastrado',
    ],
  },
};

export const DateFilters: Story = {
  args: { path: '/vendas?from=2026-11-01', children: <DemoDateFilters /> },
  parameters: { keyText: ['De', 'Até'] },
};

export const DateFilterInvalid: Story = {
  args: { path: '/vendas?from=2026-11-01', children: <DemoDateFilters /> },
  parameters: { keyText: 'Selecione uma data válida' },
  play: async () => {
    const body = within(document.body);
    // What the browser reports after the day, the month and the first digit of the year.
    const from = await body.findByLabelText('De');
    await fireEvent.change(from, { target: { value: '0002-11-01' } });
    // React listens to focusout for onBlur.
    await fireEvent.focusOut(from);
  },
};

/** The eye button is named by what it does: 'Mostrar senha', then 'Ocultar senha' (pressed in the play). */
export const Password: Story = {
  args: {
    children: (
      <Stack p="md" maw={360}>
        <PasswordInput label="Senha" defaultValue="drip-demo-123" />
      </Stack>
    ),
  },
  parameters: { keyText: 'Senha' },
  play: async () => {
    const body = within(document.body);
    await userEvent.click(await body.findByRole('button', { name: 'Mostrar senha', hidden: true }));
    await body.findByRole('button', { name: 'Ocultar senha', hidden: true });
  },
};

interface DemoRefund {
  id: string;
  type: string;
  asked: string;
  status: string;
  refunded: string;
  date: string;
}
const demoRefunds: DemoRefund[] = [
  {
    id: '1',
    type: 'Parcial (valor)',
    asked: 'R$ 420,00',
    status: 'Concluído',
    refunded: 'R$ 420,00',
    date: '03/11/2026 14:12',
  },
  {
    id: '2',
    type: 'Produtos',
    asked: 'Tênis de corrida',
    status: 'Em processamento',
    refunded: '—',
    date: '05/11/2026 09:40',
  },
];
const refundColumns: TableColumn<DemoRefund>[] = [
  { id: 'type', header: 'Tipo', phone: 'title', cell: (r) => r.type },
  { id: 'asked', header: 'Pedido', cell: (r) => r.asked },
  { id: 'status', header: 'Status', cell: (r) => r.status },
  { id: 'refunded', header: 'Estornado', cell: (r) => r.refunded },
  { id: 'date', header: 'Data', cell: (r) => r.date },
];
const refundsTable = (
  <Paper withBorder radius="lg" p="md" m="md">
    <ResponsiveTable label="Estornos" columns={refundColumns} rows={demoRefunds} getRowId={(r) => r.id} />
  </Paper>
);

/** A table of rows the screen already has (an order's refunds): a table on a desktop… */
export const RowsTable: Story = {
  args: { children: refundsTable },
  parameters: { keyText: ['Parcial (valor)', 'Tênis de corrida', 'Em processamento'] },
};
/** …and one card per row on a phone, every column a label and its value. */
export const RowsTableOnPhone: Story = {
  args: { children: refundsTable },
  globals: phone,
  parameters: { keyText: ['Parcial (valor)', 'Estornado', 'R$ 420,00'] },
};

const demoInstalment = (n: number, late: boolean, paid: boolean) =>
  v.parse(CustomerInstalment, {
    id: `i${n}`,
    orderId: 'o1',
    number: n,
    total: 3,
    dueDate: `2026-0${n + 2}-25`,
    status: paid ? 'PAID' : 'PENDING',
    amount: 100,
    feesAmount: late ? 2.35 : 0,
    cashbackAmount: n === 3 ? 15 : 0,
    canceledCashbackAmount: 0,
    canceledAmount: 0,
    amountToPay: late ? 102.35 : n === 3 ? 85 : 100,
    amountPaidIncludingRefunds: paid ? 100 : 0,
    amountCanceledWithRefund: 0,
    late,
    paidAt: paid ? '2026-03-20T10:00:00.000Z' : null,
    payment: late
      ? {
          status: 'PENDING',
          externalPaymentId: 'TXID123',
          qrCode: '/api/v1/pix/qr/TXID123.png',
          qrCodeText: '00020101021226830014br.gov.bcb.pix',
          expiresAt: '2026-04-30T10:00:00.000Z',
        }
      : null,
    instalmentProducts: [
      { amount: 100, name: 'Camiseta', quantity: 2, status: 'ACTIVE', cancelationStatus: null },
    ],
  });
const demoInstalments = [
  demoInstalment(1, false, true),
  demoInstalment(2, true, false),
  demoInstalment(3, false, false),
];

/** An order's instalments as the customer sees them (spec 2.3)… */
export const InstalmentsForCustomer: Story = {
  args: {
    children: (
      <Paper withBorder radius="lg" p="md" m="md">
        <InstalmentTable audience="customer" instalments={demoInstalments} />
      </Paper>
    ),
  },
  parameters: { keyText: ['Valor a pagar', 'Em atraso', '2/3'] },
};
/** …and as the admin does: every line of spec 2.2, the Pix, and the operations slot at the end of each row. */
export const InstalmentsForAdmin: Story = {
  args: {
    children: (
      <Paper withBorder radius="lg" p="md" m="md">
        <InstalmentTable
          audience="admin"
          instalments={demoInstalments}
          actions={() => (
            <Button size="compact-xs" variant="default">
              Operação
            </Button>
          )}
        />
      </Paper>
    ),
  },
  parameters: { keyText: ['Valor final', 'Valor reembolsado', 'Copiar Pix'] },
};
export const InstalmentsForAdminOnPhone: Story = {
  args: { children: <InstalmentTable audience="admin" instalments={demoInstalments} /> },
  globals: phone,
  parameters: { keyText: ['Valor final', 'Desconto de itens cancelados'] },
};
