import {
  type AdminMerchantDetails,
  type AdminMerchantUser,
  bankAccountTypeLabel,
  formatBRL,
  formatCep,
  formatCnpj,
  formatCpf,
  formatDate,
  formatDateTime,
  formatPercent,
  formatPhone,
  type MerchantCashback,
  type MerchantFee,
  type MerchantSettlementConfiguration,
  reaisToCents,
  type TermState,
} from '@drip/core';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { failureStatus } from '../../shared/api.ts';
import {
  ConfirmAction,
  CopyButton,
  type DetailItem,
  DetailSection,
  DetailsPage,
  notifyError,
  notifySuccess,
  QueryPage,
  ResponsiveTable,
  type RowLook,
  SectionCard,
  StatusBadge,
  statusLabel,
  type TableColumn,
} from '../../shared/kit/index.ts';
import { useAdminMerchant, useMerchantStatus, useResetApiKey } from '../api/merchants.ts';
import { formatDocument, MERCHANTS_PATH, merchantPath } from './paths.ts';

/** Spec 8's toasts of the merchant details. */
export const MERCHANT_DETAILS_MESSAGES = {
  disabled: 'Comerciante desabilitado',
  enabled: 'Comerciante habilitado',
  disableFailed: (status: number) => `Falha ao desabilitar o comerciante (${status})`,
  enableFailed: (status: number) => `Falha ao habilitar o comerciante (${status})`,
  apiKeyReset: 'A Chave API foi redefinida',
  apiKeyResetFailed: (status: number) => `Operação falhada (${status})`,
} as const;

/** Spec 4: active = the first non-expired, expired = its date passed; each has its colour and its word. */
const TERM_LOOK: Record<TermState, { label: string; bg: string | undefined }> = {
  ACTIVE: { label: 'Ativa', bg: 'green.0' },
  EXPIRED: { label: 'Expirada', bg: 'red.0' },
  OTHER: { label: 'Outra', bg: undefined },
};
const termLook = (row: { state: TermState }): RowLook => ({
  bg: TERM_LOOK[row.state].bg,
  data: { 'data-state': row.state },
});

const reais = (value: number | null) => (value === null ? null : formatBRL(reaisToCents(value)));
const date = (value: string | null) => (value === null ? null : formatDate(value));
const yesNo = (value: boolean) => (value ? 'Sim' : 'Não');
/** The fee is a percent on the wire (2.99). */
const feePercent = (amount: number) => formatPercent(amount / 100);
const delayLabel = (days: number) => (days === 0 ? 'Sem atraso' : `${days} dias`);

const PIX_KEY_TYPE_LABELS: Record<string, string> = {
  CNPJ: 'CNPJ',
  EMAIL: 'E-mail',
  PHONE: 'Telefone',
  CPF: 'CPF',
  OTHER: 'Outro',
};
const SETTLEMENT_PAYMENT_LABELS: Record<string, string> = {
  EVERY_DAY: 'Todos os dias',
  WEEKDAYS_ONLY: 'Somente dias úteis da semana',
  BUSINESS_DAYS_ONLY: 'Somente dias úteis',
};

function mainItems(m: AdminMerchantDetails): DetailItem[] {
  return [
    { label: 'ID', value: m.id },
    { label: 'Nome', value: m.name },
    { label: 'Razão social', value: m.legalName },
    { label: 'CNPJ', value: formatDocument(m.cnpj) },
    { label: 'Iniciais', value: m.initials },
    { label: 'Malga client ID', value: m.malgaClientId },
    { label: 'Status', value: <StatusBadge kind="merchant" status={m.status as 'ENABLED'} /> },
    { label: 'Aparece no app', value: m.enableInApp },
    { label: 'URL', value: m.url },
    { label: 'Tipo de integração', value: m.integrationType },
    { label: 'Plataforma de e-commerce', value: m.ecommPlatform },
    { label: 'Plataforma de repasse', value: m.settlementPlatform },
    { label: 'Plataforma de pagamento', value: m.paymentPlatform },
    {
      label: 'Tipo de repasse',
      value: SETTLEMENT_PAYMENT_LABELS[m.settlementPaymentType] ?? m.settlementPaymentType,
    },
    { label: 'Repasse quando a parcela é paga', value: m.settlementWhenInstalmentPaid },
    {
      label: 'Pagamento da entrada',
      value: statusLabel('requirement', m.upfrontPaymentStatus),
    },
    { label: 'Telefone de pedidos', value: m.ordersPhone },
    { label: 'Limite do cliente', value: reais(m.customerLimit) },
    // Spec 3: an empty cancelMaxDays reads 'Sem limite'.
    {
      label: 'Prazo máximo de cancelamento',
      value: m.cancelMaxDays === null ? 'Sem limite' : `${m.cancelMaxDays} dias`,
    },
    { label: 'Parcelamento flexível', value: m.flexibleInstallments },
    { label: 'Máximo de parcelas', value: m.maxInstalments },
    { label: 'Limitar parcelas pelo checkout', value: m.limitInstalmentsByCheckout },
    { label: 'VTEX app key', value: m.vTexAppKey },
    { label: 'VTEX app token', value: m.vTexAppToken },
    { label: 'Data de criação', value: formatDateTime(m.createdAt) },
  ];
}

/** Spec 3's merchant store: its categories (each with its subcategories), tags and the three logos as links. */
function storeItems(m: AdminMerchantDetails): DetailItem[] {
  const logo = (url: string | null) =>
    url ? (
      <Anchor href={url} target="_blank" rel="noopener noreferrer">
        Abrir imagem
      </Anchor>
    ) : null;
  return [
    {
      label: 'Categorias',
      value: m.categories
        .map((c) =>
          c.subCategory.length ? `${c.name} (${c.subCategory.map((s) => s.name).join(', ')})` : c.name,
        )
        .join('; '),
    },
    { label: 'Tags', value: m.tags.map((t) => t.name).join(', ') },
    { label: 'Logo B2C', value: logo(m.logoUrl) },
    { label: 'Logo B2B', value: logo(m.logoUrlB2b) },
    { label: 'Logo da marca', value: logo(m.logoUrlBrand) },
  ];
}

const representative = (m: AdminMerchantDetails): DetailItem[] => [
  { label: 'Nome', value: m.representativeName },
  { label: 'Data de nascimento', value: date(m.representativeBirthdate) },
  { label: 'CPF', value: m.representativeCpf === null ? null : formatCpf(m.representativeCpf) },
  { label: 'E-mail', value: m.representativeEmail },
];

const address = (m: AdminMerchantDetails): DetailItem[] => [
  { label: 'Rua', value: m.addressStreet },
  { label: 'Número', value: m.addressNumber },
  { label: 'CEP', value: m.addressCep === null ? null : formatCep(m.addressCep) },
  { label: 'Complemento', value: m.addressComplement },
  { label: 'Bairro', value: m.addressNeighborhood },
  { label: 'Cidade', value: m.addressCity },
  { label: 'Estado', value: m.addressState },
];

/** A document or phone key with its mask, as the same document reads elsewhere on the page; others as typed. */
function pixKeyShown(type: string | null, key: string): string {
  if (type === 'CNPJ') return formatCnpj(key);
  if (type === 'CPF') return formatCpf(key);
  if (type === 'PHONE') return formatPhone(key);
  return key;
}

const bank = (m: AdminMerchantDetails): DetailItem[] => [
  {
    label: 'Tipo de chave PIX',
    value: m.pixKeyType === null ? null : (PIX_KEY_TYPE_LABELS[m.pixKeyType] ?? m.pixKeyType),
  },
  { label: 'Chave PIX', value: m.pixKey === null ? null : pixKeyShown(m.pixKeyType, m.pixKey) },
  {
    label: 'Banco',
    value: m.bankCode === null ? null : [m.bankCode, m.bankLegalName].filter(Boolean).join(' - '),
  },
  {
    label: 'Tipo de conta',
    value: m.bankAccountTypeCode === null ? null : bankAccountTypeLabel(m.bankAccountTypeCode),
  },
  { label: 'Agência', value: m.bankAccountAgencyNumber },
  { label: 'Conta', value: m.bankAccountNumber },
  { label: 'Dígito', value: m.bankAccountNumberDigit },
];

const riskRules = (m: AdminMerchantDetails): DetailItem[] => [
  { label: 'Limite máximo do pedido', value: reais(m.maxAmountPerOrder) },
  { label: 'Ignorar valor máximo', value: m.skipOrderAmountRule },
  { label: 'Ignorar protected score', value: m.skipProtectedScore },
];

const fraudRules = (m: AdminMerchantDetails): DetailItem[] => [
  { label: 'Ignorar antifraude', value: m.skipAntifraud },
  { label: 'Ignorar telefone fraudulento', value: m.skipFraudulentPhone },
  { label: 'Ignorar CPF fraudulento', value: m.skipFraudulentCpf },
  { label: 'Ignorar CEP fraudulento', value: m.skipFraudulentAddressCep },
  { label: 'Ignorar banco fraudulento', value: m.skipFraudulentBankCode },
];

type Term = { id: string; state: TermState; expirationDate: string | null };

/** A term's own columns, then its expiry and its state (spec 4). */
function termColumns<T extends Term>(...own: TableColumn<T>[]): TableColumn<T>[] {
  return [
    ...own,
    {
      id: 'expirationDate',
      header: 'Data de expiração',
      cell: (row) => date(row.expirationDate) ?? 'N/A',
    },
    { id: 'state', header: 'Situação', cell: (row) => TERM_LOOK[row.state].label },
  ];
}

/**
 * One of the details page's lists (users and each kind of term): its 'Adicionar' at `path`/create, an 'Editar' per
 * row at `path`/{id}/edit named by `editLabel`, and `empty` when there is none.
 */
function RecordsSection<T extends { id: string }>({
  title,
  path,
  rows,
  columns,
  editLabel,
  empty,
  rowLook,
  minWidth = 560,
}: {
  title: string;
  path: string;
  rows: readonly T[];
  columns: TableColumn<T>[];
  editLabel: (row: T) => string;
  empty: string;
  rowLook?: (row: T) => RowLook;
  minWidth?: number;
}) {
  const actions: TableColumn<T> = {
    id: 'actions',
    header: 'Ações',
    hideHeader: true,
    phone: 'action',
    cell: (row) => (
      <Button
        component={Link}
        to={`${path}/${encodeURIComponent(row.id)}/edit`}
        size="xs"
        variant="light"
        aria-label={editLabel(row)}
      >
        Editar
      </Button>
    ),
  };
  return (
    <SectionCard
      title={title}
      action={
        <Button component={Link} to={`${path}/create`} size="xs">
          Adicionar
        </Button>
      }
    >
      {rows.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <ResponsiveTable
          label={title}
          columns={[...columns, actions]}
          rows={rows}
          getRowId={(r) => r.id}
          rowLook={rowLook}
          minWidth={minWidth}
        />
      )}
    </SectionCard>
  );
}

function StatusAction({ merchant }: { merchant: AdminMerchantDetails }) {
  const change = useMerchantStatus(merchant.id);
  const archived = merchant.status === 'ARCHIVED';
  const run = async () => {
    try {
      await change.mutateAsync(archived);
      notifySuccess(archived ? MERCHANT_DETAILS_MESSAGES.enabled : MERCHANT_DETAILS_MESSAGES.disabled);
    } catch (error) {
      const status = failureStatus(error);
      notifyError(
        archived
          ? MERCHANT_DETAILS_MESSAGES.enableFailed(status)
          : MERCHANT_DETAILS_MESSAGES.disableFailed(status),
      );
    }
  };
  return (
    <ConfirmAction color={archived ? 'green' : 'red'} variant="light" onConfirm={run}>
      {archived ? 'Habilitar' : 'Desabilitar'}
    </ConfirmAction>
  );
}

/** The API key with its reset; the new key is shown once, copyable, right after the reset. */
function ApiKeySection({ merchant }: { merchant: AdminMerchantDetails }) {
  const reset = useResetApiKey(merchant.id);
  const [newKey, setNewKey] = useState<string | null>(null);
  const run = async () => {
    try {
      const answer = await reset.mutateAsync(undefined);
      setNewKey(answer.apiKey);
      notifySuccess(MERCHANT_DETAILS_MESSAGES.apiKeyReset);
    } catch (error) {
      notifyError(MERCHANT_DETAILS_MESSAGES.apiKeyResetFailed(failureStatus(error)));
    }
  };
  return (
    <SectionCard
      title="Chave API"
      action={
        <ConfirmAction size="xs" color="red" variant="light" onConfirm={run}>
          Redefinir chave API
        </ConfirmAction>
      }
    >
      {newKey !== null ? (
        <Alert color="green" radius="lg" title="Nova chave API" role="status">
          <Stack gap="xs">
            <Text size="sm">A chave anterior deixou de funcionar. Copie a nova e envie ao comerciante.</Text>
            <Text ff="monospace" style={{ wordBreak: 'break-all' }}>
              {newKey}
            </Text>
            {/* Its own width: the Stack would stretch it across the whole alert. */}
            <Group>
              <CopyButton value={newKey} size="xs">
                Copiar chave
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Text ff="monospace" style={{ wordBreak: 'break-all' }}>
          {merchant.apiKey}
        </Text>
      )}
    </SectionCard>
  );
}

/** 'Detalhes do comerciante' (spec 2.2): every field ('N/A' when empty), the actions and the terms. */
export function MerchantDetailsPage() {
  const { merchantId = '' } = useParams();
  return (
    <QueryPage query={useAdminMerchant(merchantId)} loadFailed="Não foi possível carregar o comerciante">
      {(m) => <MerchantDetails merchant={m} />}
    </QueryPage>
  );
}

function MerchantDetails({ merchant: m }: { merchant: AdminMerchantDetails }) {
  const base = merchantPath(m.id);
  const userColumns: TableColumn<AdminMerchantUser>[] = [
    { id: 'name', header: 'Nome', phone: 'title', cell: (u) => u.name },
    { id: 'email', header: 'E-mail', cell: (u) => u.email },
    { id: 'phone', header: 'Telefone', cell: (u) => formatPhone(u.phone) },
    { id: 'post', header: 'Cargo', cell: (u) => u.post ?? 'N/A' },
    {
      id: 'admin',
      header: 'Pode cancelar/pedido',
      // Spec 7: an empty list counts as admin.
      cell: (u) => yesNo(u.permissions.length === 0 || u.permissions.includes('ADMIN')),
    },
  ];
  const feeColumns = termColumns<MerchantFee & { state: TermState }>({
    id: 'amount',
    header: 'Taxa',
    phone: 'title',
    cell: (f) => feePercent(f.amount),
  });
  const cashbackColumns = termColumns<MerchantCashback>({
    id: 'ratio',
    header: 'Cashback',
    phone: 'title',
    cell: (c) => formatPercent(c.ratio),
  });
  const settlementColumns = termColumns<MerchantSettlementConfiguration>(
    {
      id: 'delay',
      header: 'Prazo de repasse',
      phone: 'title',
      cell: (s) => delayLabel(s.transferDelayInDays),
    },
    { id: 'allInOne', header: 'Repasse em uma vez', cell: (s) => yesNo(s.payAllInOneSettlement) },
  );
  return (
    <DetailsPage
      back={{ to: MERCHANTS_PATH, label: 'Voltar para os parceiros' }}
      title="Detalhes do comerciante"
      subtitle={m.name}
      actions={
        <>
          <StatusAction merchant={m} />
          <Button component={Link} to={`${base}/edit`}>
            Editar
          </Button>
        </>
      }
    >
      <DetailSection title="Dados do comerciante" items={mainItems(m)} />
      <ApiKeySection merchant={m} />
      <DetailSection title="Loja no app" items={storeItems(m)} />
      <DetailSection title="Representante legal" items={representative(m)} cols={2} />
      <DetailSection title="Endereço" items={address(m)} />
      <DetailSection title="Conta bancária" items={bank(m)} />
      <DetailSection title="Regras de risco" items={riskRules(m)} />
      <DetailSection title="Regras de fraude" items={fraudRules(m)} />
      <RecordsSection
        title="Usuários"
        path={`${base}/users`}
        rows={m.backofficeUsers}
        columns={userColumns}
        editLabel={(u) => `Editar ${u.email}`}
        empty="Nenhum usuário cadastrado."
        minWidth={720}
      />
      <RecordsSection
        title="Taxas"
        path={`${base}/fees`}
        rows={m.fees}
        columns={feeColumns}
        editLabel={(f) => `Editar taxa ${feePercent(f.amount)}`}
        empty="Nenhuma taxa cadastrada."
        rowLook={termLook}
      />
      <RecordsSection
        title="Cashbacks"
        path={`${base}/cashbacks`}
        rows={m.cashback}
        columns={cashbackColumns}
        editLabel={(c) => `Editar cashback ${formatPercent(c.ratio)}`}
        empty="Nenhum cashback cadastrado."
        rowLook={termLook}
      />
      <RecordsSection
        title="Configurações de repasse"
        path={`${base}/settlement_configurations`}
        rows={m.settlementConfigurations}
        columns={settlementColumns}
        editLabel={(s) => `Editar configuração de repasse ${delayLabel(s.transferDelayInDays)}`}
        empty="Nenhuma configuração de repasse cadastrada."
        rowLook={termLook}
      />
    </DetailsPage>
  );
}
