import {
  type AdminCatalogueOptions,
  type AdminMerchant,
  AdminMerchantRequest,
  BANK_ACCOUNT_TYPE_CODES,
  bankAccountTypeLabel,
  type Cents,
  CNPJ_MASK,
  CPF_MASK,
  centsToReais,
  MERCHANT_CATEGORIES_REQUIRED,
  merchantRiskMessages,
  onlyDigits,
  PAYMENT_PLATFORMS,
  PIX_KEY_INVALID,
  PLATFORMS,
  SETTLEMENT_PAYMENT_TYPES,
  setSkipOrderAmountRule,
  UPFRONT_PAYMENT_STATUSES,
} from '@drip/core';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import * as v from 'valibot';
import { ApiFailure } from '../../shared/api.ts';
import {
  type CategoryRow,
  CategoryTagPicker,
  ChoiceSelect,
  DateField,
  FailureBanner,
  ImageUpload,
  idsFromRows,
  LateMaskedInput,
  LoadError,
  MoneyInput,
  moneyToCents,
  NumberTextInput,
  notifyError,
  notifyInfo,
  offeredTags,
  PageLoader,
  rowsFromIds,
} from '../../shared/kit/index.ts';
import { useAdminMerchant, useCatalogueOptions, useSaveMerchant } from '../api/merchants.ts';
import { type FormStore, useFormStore, useFormValue } from './formStore.ts';
import { MERCHANTS_PATH, merchantPath } from './paths.ts';

export const MERCHANT_FORM_TEXTS = {
  create: 'Novo comerciante',
  edit: 'Editar comerciante',
  createFailed: 'Incapaz de criar comerciante',
  editFailed: 'Incapaz de editar comerciante',
} as const;

const TEXT_FIELDS = [
  'name',
  'legalName',
  'cnpj',
  'malgaClientId',
  'initials',
  'settlementPlatform',
  'url',
  'ordersPhone',
  'representativeName',
  'representativeBirthdate',
  'representativeCpf',
  'representativeEmail',
  'addressStreet',
  'addressNumber',
  'addressCep',
  'addressComplement',
  'addressNeighborhood',
  'addressCity',
  'addressState',
  'pixKey',
  'bankLegalName',
  'bankCode',
  'bankAccountTypeCode',
  'bankAccountAgencyNumber',
  'bankAccountNumber',
  'bankAccountNumberDigit',
  'vTexAppKey',
  'vTexAppToken',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

const FLAG_FIELDS = [
  'enableInApp',
  'settlementWhenInstalmentPaid',
  'skipAntifraud',
  'skipProtectedScore',
  'skipFraudulentPhone',
  'skipFraudulentCpf',
  'skipFraudulentAddressCep',
  'skipFraudulentBankCode',
  'skipOrderAmountRule',
  'flexibleInstallments',
  'limitInstalmentsByCheckout',
] as const;
type FlagField = (typeof FLAG_FIELDS)[number];

interface Values extends Record<TextField, string>, Record<FlagField, boolean> {
  integrationType: string | null;
  ecommPlatform: string | null;
  upfrontPaymentStatus: string;
  pixKeyType: string | null;
  status: string;
  settlementPaymentType: string;
  paymentPlatform: string;
  /** The amounts in centavos (the API carries reais); null when empty. */
  maxAmountPerOrder: Cents | null;
  customerLimit: Cents | null;
  cancelMaxDays: number | '';
  maxInstalments: number | '';
  categoryRows: CategoryRow[];
  /** Saved category ids the options no longer offer (disabled since): sent back as they are. */
  unknownCategoryIds: string[];
  tagsIds: string[];
  /** Newly chosen logos (PNG base64); null keeps the saved one. */
  logo: string | null;
  logoB2b: string | null;
  logoBrand: string | null;
}

/** Spec 2.2's three logo uploads: the request field, its label and the answer's URL of the saved one. */
const LOGOS = [
  { field: 'logo', label: 'Logo B2C', url: 'logoUrl' },
  { field: 'logoB2b', label: 'Logo B2B', url: 'logoUrlB2b' },
  { field: 'logoBrand', label: 'Logo da marca', url: 'logoUrlBrand' },
] as const;

/** Spec 5: one field for CNPJ or CPF, the CPF mask up to 11 digits, then the CNPJ mask. */
const DOCUMENT_MASKS = [CPF_MASK, CNPJ_MASK] as const;

/** Spec 5: the type of a saved key without one: '@' e-mail, '+55' phone, 14 characters CNPJ, 11 CPF, else CNPJ. */
export function guessPixKeyType(key: string): string {
  if (key.includes('@')) return 'EMAIL';
  if (key.includes('+55')) return 'PHONE';
  if (key.length === 11) return 'CPF';
  return 'CNPJ';
}

/** Spec 5's defaults: status ENABLED, upfront disabled, the numbers 0. */
function initialValues(m: AdminMerchant | undefined, options: AdminCatalogueOptions): Values {
  const categories = rowsFromIds(options, m?.categoriesIds ?? []);
  const offered = new Set(offeredTags(options, categories.rows).map((t) => t.id));
  const text = Object.fromEntries(
    TEXT_FIELDS.map((f) => [f, m ? ((m[f] as string | null) ?? '') : '']),
  ) as Record<TextField, string>;
  const flags = Object.fromEntries(
    FLAG_FIELDS.map((f) => [f, m ? m[f] : f === 'flexibleInstallments']),
  ) as Record<FlagField, boolean>;
  return {
    ...text,
    ...flags,
    integrationType: m?.integrationType ?? null,
    ecommPlatform: m?.ecommPlatform ?? null,
    upfrontPaymentStatus: m?.upfrontPaymentStatus ?? 'DISABLED',
    pixKeyType: m?.pixKey ? (m.pixKeyType ?? guessPixKeyType(m.pixKey)) : null,
    status: m?.status ?? 'ENABLED',
    settlementPaymentType: m?.settlementPaymentType ?? 'BUSINESS_DAYS_ONLY',
    paymentPlatform: m?.paymentPlatform ?? 'DRIP_STARKBANK',
    maxAmountPerOrder: centsOf(m ? m.maxAmountPerOrder : 0),
    customerLimit: centsOf(m ? m.customerLimit : 0),
    cancelMaxDays: m ? (m.cancelMaxDays ?? '') : 0,
    maxInstalments: m?.maxInstalments ?? 3,
    categoryRows: categories.rows,
    unknownCategoryIds: categories.unknown,
    // Only the tags the saved categories still offer: another one could not be unchecked, and the server refuses it.
    tagsIds: (m?.tagsIds ?? []).filter((id) => offered.has(id)),
    logo: null,
    logoB2b: null,
    logoBrand: null,
  };
}

const orNull = (s: string) => (s.trim() === '' ? null : s);
const numberOrNull = (n: number | '') => (typeof n === 'number' ? n : null);
const reaisOrNull = (c: Cents | null) => (c === null ? null : centsToReais(c));
/** A saved amount in reais to centavos, exactly (through its text); one with more decimals stays as typed: null. */
const centsOf = (reais: number | null) => (reais === null ? null : moneyToCents(reais));

/** The request body as the contract takes it (the contract checks and normalises it, here and on the server). */
function requestOf(values: Values): v.InferInput<typeof AdminMerchantRequest> {
  const text = Object.fromEntries(TEXT_FIELDS.map((f) => [f, orNull(values[f])]));
  return {
    ...text,
    name: values.name,
    legalName: values.legalName,
    // Spec 5: the documents go as digits; the contract checks their check digits.
    cnpj: onlyDigits(values.cnpj),
    initials: values.initials,
    settlementPlatform: values.settlementPlatform,
    representativeCpf: onlyDigits(values.representativeCpf),
    ...Object.fromEntries(FLAG_FIELDS.map((f) => [f, values[f]])),
    enableInApp: values.enableInApp,
    integrationType: values.integrationType as (typeof PLATFORMS)[number] | null,
    ecommPlatform:
      values.integrationType === null ? null : (values.ecommPlatform as (typeof PLATFORMS)[number] | null),
    upfrontPaymentStatus: values.upfrontPaymentStatus as (typeof UPFRONT_PAYMENT_STATUSES)[number],
    pixKeyType: values.pixKeyType as 'CNPJ' | null,
    status: values.status as 'ENABLED',
    settlementPaymentType: values.settlementPaymentType as (typeof SETTLEMENT_PAYMENT_TYPES)[number],
    paymentPlatform: values.paymentPlatform as (typeof PAYMENT_PLATFORMS)[number],
    maxAmountPerOrder: reaisOrNull(values.maxAmountPerOrder),
    customerLimit: reaisOrNull(values.customerLimit),
    cancelMaxDays: numberOrNull(values.cancelMaxDays),
    maxInstalments: typeof values.maxInstalments === 'number' ? values.maxInstalments : 0,
    categoriesIds: [...idsFromRows(values.categoryRows), ...values.unknownCategoryIds],
    tagsIds: values.tagsIds,
    logo: values.logo,
    logoB2b: values.logoB2b,
    logoBrand: values.logoBrand,
  } as v.InferInput<typeof AdminMerchantRequest>;
}

const options = (values: readonly string[], labels: Record<string, string> = {}) =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

const PIX_TYPES = { CNPJ: 'CNPJ', EMAIL: 'E-mail', PHONE: 'Telefone', CPF: 'CPF', OTHER: 'Outro' };
const UPFRONT = { DISABLED: 'Desabilitado', OPTIONAL: 'Opcional', MANDATORY: 'Obrigatório' };
const SETTLEMENT_TYPES = {
  EVERY_DAY: 'Todos os dias',
  WEEKDAYS_ONLY: 'Somente dias úteis da semana',
  BUSINESS_DAYS_ONLY: 'Somente dias úteis',
};
const STATUSES = { ENABLED: 'Ativo', ARCHIVED: 'Arquivado' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={3} size="h4">
          {title}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {children}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** One value of the form, for the fields that show it: only they re-render when it changes. */
function Bind<K extends keyof Values>({
  store,
  name,
  children,
}: {
  store: FormStore<Values>;
  name: K;
  children: (value: Values[K]) => ReactNode;
}) {
  return children(useFormValue(store, name));
}

function MerchantForm({
  merchant,
  catalogue,
}: {
  merchant?: AdminMerchant;
  catalogue: AdminCatalogueOptions;
}) {
  const navigate = useNavigate();
  const save = useSaveMerchant(merchant?.id);
  // The values live in a store, not in this component's state: typing re-renders one field, not the form.
  const store = useFormStore(() => initialValues(merchant, catalogue));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pixInvalid, setPixInvalid] = useState(false);
  const set = store.set;
  /** A field bound to one value: `render` gets the value, and re-runs only when it changes. */
  const bind = <K extends keyof Values>(key: K, render: (value: Values[K]) => ReactNode) => (
    <Bind store={store} name={key}>
      {render}
    </Bind>
  );
  const text = (key: TextField, label: string, extra: { required?: boolean; maxLength?: number } = {}) =>
    bind(key, (value) => (
      <TextInput
        label={label}
        value={value}
        onChange={(e) => set(key, e.currentTarget.value)}
        error={errors[key]}
        {...extra}
      />
    ));
  const yesNo = (key: FlagField, label: string, disabledYes = false) =>
    bind(key, (checked) => (
      <Radio.Group
        label={label}
        value={checked ? 'yes' : 'no'}
        onChange={(value) => {
          if (key === 'skipOrderAmountRule') {
            const values = store.get();
            // Spec 4: turning 'Ignorar valor máximo' off turns 'Ignorar protected score' off, and says so.
            const next = setSkipOrderAmountRule(
              {
                skipOrderAmountRule: values.skipOrderAmountRule,
                skipProtectedScore: values.skipProtectedScore,
                maxAmountPerOrder: reaisOrNull(values.maxAmountPerOrder),
              },
              value === 'yes',
            );
            store.patch({
              skipOrderAmountRule: next.flags.skipOrderAmountRule,
              skipProtectedScore: next.flags.skipProtectedScore,
            });
            if (next.protectedScoreTurnedOff) notifyInfo(merchantRiskMessages.protectedScoreTurnedOff);
            return;
          }
          set(key, value === 'yes');
        }}
        error={errors[key]}
      >
        <Group gap="lg" mt="xs">
          <Radio value="yes" label="Sim" disabled={disabledYes} />
          <Radio value="no" label="Não" />
        </Group>
      </Radio.Group>
    ));

  const masked = (key: 'cnpj' | 'representativeCpf', label: string, mask: string | readonly string[]) => (
    <LateMaskedInput
      label={label}
      required
      mask={mask}
      // Read once: the masked input keeps what is typed itself and reports it.
      initialUnmasked={store.get()[key]}
      onValueChange={(value) => set(key, value)}
      error={errors[key]}
    />
  );

  const editing = merchant !== undefined;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = requestOf(store.get());
    const parsed = v.safeParse(AdminMerchantRequest, body);
    // Spec 5: categories are required on create (the server answers 422 without them too).
    const noCategories = !editing && (body.categoriesIds ?? []).length === 0;
    if (!parsed.success || noCategories) {
      const next: Record<string, string> = {};
      for (const issue of parsed.issues ?? []) {
        const key = issue.path?.[0]?.key;
        if (typeof key === 'string' && next[key] === undefined) next[key] = issue.message;
      }
      if (noCategories) next.categoriesIds = MERCHANT_CATEGORIES_REQUIRED;
      setErrors(next);
      const pix = next.pixKey === PIX_KEY_INVALID;
      setPixInvalid(pix);
      if (pix) {
        // Spec 5: the Pix key message as a toast and a banner, the page scrolled to the top.
        notifyError(PIX_KEY_INVALID);
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }
      return;
    }
    setErrors({});
    setPixInvalid(false);
    try {
      await save.mutateAsync(body);
      await navigate(MERCHANTS_PATH);
    } catch (err) {
      // The banner shows the failure (save.error); the server's field issues (an unknown category, an image that
      // is not a PNG) show beside their fields.
      if (err instanceof ApiFailure && err.error.status > 0 && 'issues' in err.error && err.error.issues)
        setErrors(
          Object.fromEntries(err.error.issues.map((i) => [i.path.split('.')[0] ?? i.path, i.message])),
        );
    }
  };

  const title = editing ? MERCHANT_FORM_TEXTS.edit : MERCHANT_FORM_TEXTS.create;
  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={merchant ? merchantPath(merchant.id) : MERCHANTS_PATH} size="sm">
        {merchant ? 'Voltar para o comerciante' : 'Voltar para os parceiros'}
      </Anchor>
      <Title order={2}>{title}</Title>
      <FailureBanner
        title={editing ? MERCHANT_FORM_TEXTS.editFailed : MERCHANT_FORM_TEXTS.createFailed}
        error={save.error}
      />
      {pixInvalid ? <Alert color="red" role="alert" title={PIX_KEY_INVALID} /> : null}
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
        <Stack gap="lg">
          <Section title="Dados do comerciante">
            {text('name', 'Nome', { required: true })}
            {text('legalName', 'Razão social', { required: true })}
            {masked('cnpj', 'CNPJ ou CPF', DOCUMENT_MASKS)}
            {text('malgaClientId', 'Malga client ID')}
            {text('initials', 'Iniciais', { required: true, maxLength: 2 })}
            {text('settlementPlatform', 'Plataforma de repasse', { required: true })}
            {yesNo('enableInApp', 'Aparece no app')}
            {bind('enableInApp', (inApp) => (
              <>
                {bind('url', (url) => (
                  <TextInput
                    label="URL"
                    required={inApp}
                    value={url}
                    onChange={(e) => set('url', e.currentTarget.value)}
                    error={errors.url}
                  />
                ))}
                {bind('integrationType', (integrationType) => (
                  <ChoiceSelect
                    label="Tipo de integração"
                    required={inApp}
                    clearable
                    data={options(PLATFORMS)}
                    value={integrationType}
                    onChange={(value) => set('integrationType', value)}
                    error={errors.integrationType}
                  />
                ))}
              </>
            ))}
            {bind('integrationType', (integrationType) =>
              integrationType !== null
                ? bind('ecommPlatform', (ecommPlatform) => (
                    <ChoiceSelect
                      label="Plataforma de e-commerce"
                      clearable
                      data={options(PLATFORMS)}
                      value={ecommPlatform}
                      onChange={(value) => set('ecommPlatform', value)}
                    />
                  ))
                : null,
            )}
            {bind('upfrontPaymentStatus', (upfront) => (
              <ChoiceSelect
                label="Pagamento da entrada"
                required
                data={options(UPFRONT_PAYMENT_STATUSES, UPFRONT)}
                value={upfront}
                onChange={(value) => set('upfrontPaymentStatus', value ?? 'DISABLED')}
              />
            ))}
            {text('ordersPhone', 'Telefone de pedidos')}
            {bind('status', (status) => (
              <ChoiceSelect
                label="Status"
                required
                data={options(['ENABLED', 'ARCHIVED'], STATUSES)}
                value={status}
                onChange={(value) => set('status', value ?? 'ENABLED')}
              />
            ))}
          </Section>
          <Section title="Loja no app">
            {bind('categoryRows', (categoryRows) =>
              bind('tagsIds', (tagsIds) => (
                <CategoryTagPicker
                  options={catalogue}
                  rows={categoryRows}
                  tagsIds={tagsIds}
                  required={!editing}
                  error={errors.categoriesIds}
                  tagsError={errors.tagsIds}
                  onChange={(nextRows, nextTags) =>
                    store.patch({ categoryRows: nextRows, tagsIds: nextTags })
                  }
                />
              )),
            )}
            <Stack gap="md">
              {LOGOS.map(({ field, label, url }) => (
                <Bind key={field} store={store} name={field}>
                  {(image) => (
                    <ImageUpload
                      label={label}
                      currentUrl={merchant?.[url] ?? null}
                      value={image}
                      onChange={(next) => set(field, next)}
                      error={errors[field]}
                    />
                  )}
                </Bind>
              ))}
            </Stack>
          </Section>
          <Section title="Representante legal">
            {text('representativeName', 'Nome')}
            {bind('representativeBirthdate', (birthdate) => (
              <DateField
                label="Data de nascimento"
                value={birthdate}
                onChange={(e) => set('representativeBirthdate', e.currentTarget.value)}
                error={errors.representativeBirthdate}
              />
            ))}
            {masked('representativeCpf', 'CPF', CPF_MASK)}
            {text('representativeEmail', 'E-mail')}
          </Section>
          <Section title="Endereço">
            {text('addressStreet', 'Rua')}
            {text('addressNumber', 'Número')}
            {text('addressCep', 'CEP')}
            {text('addressComplement', 'Complemento')}
            {text('addressNeighborhood', 'Bairro')}
            {text('addressCity', 'Cidade')}
            {text('addressState', 'Estado')}
          </Section>
          <Section title="Conta bancária">
            {bind('pixKeyType', (pixKeyType) => (
              <ChoiceSelect
                label="Tipo de chave PIX"
                clearable
                data={options(Object.keys(PIX_TYPES), PIX_TYPES)}
                value={pixKeyType}
                onChange={(value) => set('pixKeyType', value)}
              />
            ))}
            {text('pixKey', 'Chave PIX')}
            {text('bankCode', 'Código do banco')}
            {text('bankLegalName', 'Nome do banco')}
            {bind('bankAccountTypeCode', (bankAccountTypeCode) => (
              <ChoiceSelect
                label="Tipo de conta"
                clearable
                data={BANK_ACCOUNT_TYPE_CODES.map((code) => ({
                  value: code,
                  label: bankAccountTypeLabel(code),
                }))}
                value={bankAccountTypeCode}
                onChange={(value) => set('bankAccountTypeCode', value ?? '')}
              />
            ))}
            {text('bankAccountAgencyNumber', 'Agência')}
            {text('bankAccountNumber', 'Conta')}
            {text('bankAccountNumberDigit', 'Dígito')}
          </Section>
          <Section title="Repasse e limites">
            {bind('settlementPaymentType', (settlementPaymentType) => (
              <ChoiceSelect
                label="Tipo de repasse"
                data={options(SETTLEMENT_PAYMENT_TYPES, SETTLEMENT_TYPES)}
                value={settlementPaymentType}
                onChange={(value) => set('settlementPaymentType', value ?? 'BUSINESS_DAYS_ONLY')}
              />
            ))}
            {bind('paymentPlatform', (paymentPlatform) => (
              <ChoiceSelect
                label="Plataforma de pagamento"
                data={options(PAYMENT_PLATFORMS)}
                value={paymentPlatform}
                onChange={(value) => set('paymentPlatform', value ?? 'DRIP_STARKBANK')}
              />
            ))}
            {yesNo('settlementWhenInstalmentPaid', 'Repasse quando a parcela é paga')}
            {bind('customerLimit', (value) => (
              <MoneyInput
                label="Limite do cliente (R$)"
                value={value}
                onChange={(value) => set('customerLimit', value)}
                error={errors.customerLimit}
              />
            ))}
            {bind('cancelMaxDays', (value) => (
              <NumberTextInput
                label="Prazo máximo de cancelamento (dias)"
                description="Vazio: sem limite."
                min={0}
                value={value}
                onChange={(value) => set('cancelMaxDays', value)}
                error={errors.cancelMaxDays}
              />
            ))}
            {yesNo('flexibleInstallments', 'Parcelamento flexível')}
            {bind('maxInstalments', (value) => (
              <NumberTextInput
                label="Máximo de parcelas"
                min={1}
                max={12}
                value={value}
                onChange={(value) => set('maxInstalments', value)}
                error={errors.maxInstalments}
              />
            ))}
            {yesNo('limitInstalmentsByCheckout', 'Limitar parcelas pelo checkout')}
            {text('vTexAppKey', 'VTEX app key')}
            {text('vTexAppToken', 'VTEX app token')}
          </Section>
          <Section title="Regras de risco">
            {yesNo('skipOrderAmountRule', 'Ignorar valor máximo')}
            {bind('maxAmountPerOrder', (value) => (
              <MoneyInput
                label="Limite máximo do pedido (R$)"
                value={value}
                onChange={(value) => set('maxAmountPerOrder', value)}
                error={errors.maxAmountPerOrder}
              />
            ))}
            {/* Spec 4: 'Sim' is disabled while 'Ignorar valor máximo' is 'Não'. */}
            {bind('skipOrderAmountRule', (skipOrderAmountRule) =>
              yesNo('skipProtectedScore', 'Ignorar protected score', !skipOrderAmountRule),
            )}
          </Section>
          <Section title="Regras de fraude">
            {yesNo('skipAntifraud', 'Ignorar antifraude')}
            {bind('skipAntifraud', (skipAntifraud) =>
              skipAntifraud ? (
                <Text size="sm" c="orange.8" role="status">
                  Com 'Ignorar antifraude' em 'Sim', todas as regras de fraude abaixo são ignoradas.
                </Text>
              ) : null,
            )}
            {yesNo('skipFraudulentPhone', 'Ignorar telefone fraudulento')}
            {yesNo('skipFraudulentCpf', 'Ignorar CPF fraudulento')}
            {yesNo('skipFraudulentAddressCep', 'Ignorar CEP fraudulento')}
            {yesNo('skipFraudulentBankCode', 'Ignorar banco fraudulento')}
          </Section>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {editing ? 'Atualizar' : 'Criar'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** The form needs the catalogue's categories to show the saved ones, so both load before it. */
function catalogueFailure(options: ReturnType<typeof useCatalogueOptions>) {
  return (
    <LoadError
      title="Não foi possível carregar as categorias da loja"
      error={options.error}
      onRetry={() => void options.refetch()}
    />
  );
}

export function MerchantCreatePage() {
  const options = useCatalogueOptions();
  if (options.isPending) return <PageLoader />;
  if (options.isError) return catalogueFailure(options);
  return <MerchantForm catalogue={options.data} />;
}

export function MerchantEditPage() {
  const { merchantId = '' } = useParams();
  const query = useAdminMerchant(merchantId);
  const options = useCatalogueOptions();
  if (query.isPending || options.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <LoadError
        title="Não foi possível carregar o comerciante"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (options.isError) return catalogueFailure(options);
  return <MerchantForm key={merchantId} merchant={query.data} catalogue={options.data} />;
}
