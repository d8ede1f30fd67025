import { SETTLEMENT_TRANSFER_DELAYS } from '@drip/core';
import { Switch, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  ChoiceSelect,
  DateField,
  FormPage,
  LoadError,
  NumberTextInput,
  PageLoader,
  PercentInput,
} from '../../shared/kit/index.ts';
import {
  type TermKind,
  useMerchantTerm,
  useSaveCashback,
  useSaveFee,
  useSaveSettlementConfiguration,
} from '../api/merchants.ts';
import { merchantPath } from './paths.ts';

/** The forms' texts; spec 8 gives none for these forms, docs/merchants-admin.md records the choice. */
export const TERM_FORM_TEXTS = {
  fee: { create: 'Nova taxa', edit: 'Editar taxa', failed: 'Incapaz de salvar a taxa' },
  cashback: { create: 'Novo cashback', edit: 'Editar cashback', failed: 'Incapaz de salvar o cashback' },
  settlement: {
    create: 'Nova configuração de repasse',
    edit: 'Editar configuração de repasse',
    failed: 'Incapaz de salvar a configuração de repasse',
  },
} as const satisfies Record<TermKind, { create: string; edit: string; failed: string }>;

export const REQUIRED_FEE = 'Informe a taxa';
export const REQUIRED_CASHBACK = 'Informe o cashback';

/** Spec 9's delays, 0 reading as no delay. */
const DELAY_OPTIONS = SETTLEMENT_TRANSFER_DELAYS.map((days) => ({
  value: String(days),
  label: days === 0 ? 'Sem atraso' : `${days} dias`,
}));

/** The ids of the route: the merchant's and, on edit, the term's (each route names it its own way). */
function useTermRoute() {
  const params = useParams();
  const merchantId = params.merchantId ?? '';
  const termId =
    params.merchantFeeId ??
    params.merchantCashbackId ??
    params.merchantSettlementConfigurationId ??
    undefined;
  return { merchantId, termId };
}

function FormShell({
  title,
  merchantId,
  error,
  failedTitle,
  onSubmit,
  saving,
  editing,
  children,
}: {
  title: string;
  merchantId: string;
  error: unknown;
  failedTitle: string;
  onSubmit: () => void;
  saving: boolean;
  editing: boolean;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <FormPage
      back={{ to: merchantPath(merchantId), label: 'Voltar para o comerciante' }}
      title={title}
      submitLabel={editing ? 'Atualizar' : 'Criar'}
      saving={saving}
      onSubmit={submit}
      failure={{ title: failedTitle, error }}
      maw={560}
    >
      {children}
    </FormPage>
  );
}

/** Loads the term on edit; on create renders the form at once. */
function WithTerm<T>({
  kind,
  render,
}: {
  kind: TermKind;
  render: (merchantId: string, termId: string | undefined, term: T | undefined) => ReactNode;
}) {
  const { merchantId, termId } = useTermRoute();
  const query = useMerchantTerm(kind, merchantId, termId);
  if (termId === undefined) return render(merchantId, undefined, undefined);
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <LoadError
        title="Não foi possível carregar os dados"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  // A remount per term keeps each form's state its own.
  return <div key={termId}>{render(merchantId, termId, query.data as T)}</div>;
}

function ExpirationField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <DateField
      label="Data de expiração"
      description="Opcional: sem data, vale até uma nova ser criada."
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

function FeeForm({
  merchantId,
  feeId,
  fee,
}: {
  merchantId: string;
  feeId: string | undefined;
  fee: { amount: number; expirationDate: string | null } | undefined;
}) {
  const navigate = useNavigate();
  const save = useSaveFee(merchantId, feeId);
  const [amount, setAmount] = useState<number | ''>(fee?.amount ?? '');
  const [expirationDate, setExpirationDate] = useState(fee?.expirationDate ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const texts = TERM_FORM_TEXTS.fee;
  const submit = async () => {
    if (typeof amount !== 'number') return setInvalid(REQUIRED_FEE);
    setInvalid(null);
    try {
      await save.mutateAsync({ amount, expirationDate: expirationDate === '' ? null : expirationDate });
      await navigate(merchantPath(merchantId));
    } catch {
      // The banner shows the failure (save.error).
    }
  };
  return (
    <FormShell
      title={feeId === undefined ? texts.create : texts.edit}
      merchantId={merchantId}
      error={save.error}
      failedTitle={texts.failed}
      onSubmit={() => void submit()}
      saving={save.isPending}
      editing={feeId !== undefined}
    >
      <NumberTextInput
        label="Taxa (%)"
        required
        min={0}
        max={100}
        decimals={2}
        value={amount}
        onChange={setAmount}
        error={invalid}
      />
      <ExpirationField value={expirationDate} onChange={setExpirationDate} />
    </FormShell>
  );
}

function CashbackForm({
  merchantId,
  cashbackId,
  cashback,
}: {
  merchantId: string;
  cashbackId: string | undefined;
  cashback: { ratio: number; expirationDate: string | null } | undefined;
}) {
  const navigate = useNavigate();
  const save = useSaveCashback(merchantId, cashbackId);
  const [ratio, setRatio] = useState<number | null>(cashback?.ratio ?? null);
  const [expirationDate, setExpirationDate] = useState(cashback?.expirationDate ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const texts = TERM_FORM_TEXTS.cashback;
  const submit = async () => {
    if (ratio === null) return setInvalid(REQUIRED_CASHBACK);
    setInvalid(null);
    try {
      await save.mutateAsync({ ratio, expirationDate: expirationDate === '' ? null : expirationDate });
      await navigate(merchantPath(merchantId));
    } catch {
      // The banner shows the failure (save.error).
    }
  };
  return (
    <FormShell
      title={cashbackId === undefined ? texts.create : texts.edit}
      merchantId={merchantId}
      error={save.error}
      failedTitle={texts.failed}
      onSubmit={() => void submit()}
      saving={save.isPending}
      editing={cashbackId !== undefined}
    >
      <PercentInput
        label="Cashback (%)"
        required
        min={0}
        max={100}
        value={ratio}
        onChange={setRatio}
        error={invalid}
      />
      <ExpirationField value={expirationDate} onChange={setExpirationDate} />
    </FormShell>
  );
}

function SettlementForm({
  merchantId,
  configId,
  config,
}: {
  merchantId: string;
  configId: string | undefined;
  config:
    | { transferDelayInDays: number; payAllInOneSettlement: boolean; expirationDate: string | null }
    | undefined;
}) {
  const navigate = useNavigate();
  const save = useSaveSettlementConfiguration(merchantId, configId);
  const [delay, setDelay] = useState(String(config?.transferDelayInDays ?? 0));
  const [allInOne, setAllInOne] = useState(config?.payAllInOneSettlement ?? false);
  const [expirationDate, setExpirationDate] = useState(config?.expirationDate ?? '');
  const texts = TERM_FORM_TEXTS.settlement;
  const submit = async () => {
    try {
      await save.mutateAsync({
        transferDelayInDays: Number(delay) as (typeof SETTLEMENT_TRANSFER_DELAYS)[number],
        payAllInOneSettlement: allInOne,
        expirationDate: expirationDate === '' ? null : expirationDate,
      });
      await navigate(merchantPath(merchantId));
    } catch {
      // The banner shows the failure (save.error).
    }
  };
  return (
    <FormShell
      title={configId === undefined ? texts.create : texts.edit}
      merchantId={merchantId}
      error={save.error}
      failedTitle={texts.failed}
      onSubmit={() => void submit()}
      saving={save.isPending}
      editing={configId !== undefined}
    >
      <ChoiceSelect
        label="Prazo de repasse"
        required
        data={DELAY_OPTIONS}
        value={delay}
        onChange={(value) => setDelay(value ?? '0')}
      />
      <Switch
        label="Repasse em uma vez"
        description="Todas as parcelas repassadas juntas, em vez de uma a uma."
        checked={allInOne}
        onChange={(event) => setAllInOne(event.currentTarget.checked)}
      />
      <Text size="sm" c="dimmed">
        A nova configuração vale para as vendas feitas a partir de agora; repasses já planejados mantêm suas
        datas.
      </Text>
      <ExpirationField value={expirationDate} onChange={setExpirationDate} />
    </FormShell>
  );
}

export function FeeFormPage() {
  return (
    <WithTerm<{ amount: number; expirationDate: string | null }>
      kind="fee"
      render={(merchantId, termId, term) => <FeeForm merchantId={merchantId} feeId={termId} fee={term} />}
    />
  );
}

export function CashbackFormPage() {
  return (
    <WithTerm<{ ratio: number; expirationDate: string | null }>
      kind="cashback"
      render={(merchantId, termId, term) => (
        <CashbackForm merchantId={merchantId} cashbackId={termId} cashback={term} />
      )}
    />
  );
}

export function SettlementConfigurationFormPage() {
  return (
    <WithTerm<{ transferDelayInDays: number; payAllInOneSettlement: boolean; expirationDate: string | null }>
      kind="settlement"
      render={(merchantId, termId, term) => (
        <SettlementForm merchantId={merchantId} configId={termId} config={term} />
      )}
    />
  );
}
