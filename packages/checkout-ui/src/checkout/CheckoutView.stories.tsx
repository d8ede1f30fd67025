/**
 * Every checkout step and state (spec 2.5), rendered by the pure `CheckoutView` from the machine contexts of
 * `fixtures.ts`: no server, no machine run. `parameters.keyText` is what the `stories` test expects on screen.
 */
import {
  type CepLookupResponse,
  type CheckoutMachineContext,
  cents,
  DENIAL_REASONS,
  type DenialReason,
  denialView,
} from '@drip/core';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { okResult } from '../test-utils.ts';
import { type CheckoutBusy, CheckoutView, type CheckoutViewProps, idleBusy } from './CheckoutView.tsx';
import {
  deniedContext,
  fixtureContext,
  fixtureInstalments,
  fixtureMerchant,
  fixturePix,
} from './fixtures.ts';

/** A fixed "now" (22/11/2026 12:00 in São Paulo) so that calendars and Pix countdowns are stable. */
const NOW = new Date('2026-11-22T15:00:00.000Z');
const clock = { now: () => NOW };
const inTenMinutes = new Date(NOW.getTime() + 600_000).toISOString();
const smallPhone = { viewport: { value: 'smallPhone', isRotated: false } };

const meta = {
  title: 'Checkout/Steps',
  component: CheckoutView,
  args: {
    context: fixtureContext('insight'),
    busy: idleBusy,
    send: fn(),
    viewportWidth: 1024,
    redirectIn: null,
    lookupCep: async (cep: string) =>
      okResult<CepLookupResponse>(
        cep === '01310100'
          ? {
              cep: '01310-100',
              logradouro: 'Avenida Paulista',
              bairro: 'Bela Vista',
              localidade: 'São Paulo',
              uf: 'SP',
            }
          : { erro: true },
      ),
    onNotify: fn(),
    onClose: fn(),
    clock,
  },
} satisfies Meta<typeof CheckoutView>;

export default meta;
type Story = StoryObj<typeof meta>;

function state(context: CheckoutMachineContext, keyText: string, busy: Partial<CheckoutBusy> = {}): Story {
  return { args: { context, busy: { ...idleBusy, ...busy } }, parameters: { keyText } };
}

export const Loading = state(fixtureContext('loading'), 'Carregando sua compra…', { phase: 'loading' });
export const LoadFailed = state(
  fixtureContext('loading', { lastError: { operation: 'load', message: 'Falha de rede', status: 0 } }),
  'Verifique sua conexão e tente novamente.',
  { phase: 'loadFailed' },
);
export const CheckoutNotFound = state(
  fixtureContext('loading', { lastError: { operation: 'load', message: 'Not found', status: 404 } }),
  'Não encontramos esta compra. Verifique o link recebido da loja.',
  { phase: 'loadFailed' },
);
export const Cancelling = state(fixtureContext('insight'), 'Cancelando a compra…', { phase: 'cancelling' });

export const Insight = state(fixtureContext('insight'), 'Pague em até 6x sem juros no Pix');
export const InsightTransparent = state(
  fixtureContext('insight', { transparent: true }),
  'Pague em até 6x sem juros no Pix',
);
export const PhoneForm = state(fixtureContext('phoneForm'), 'Qual é o seu celular?');
export const PhoneFormInternational = state(
  fixtureContext('phoneForm', { prefill: { customerPhone: '+12133734253' } }),
  'Qual é o seu celular?',
);
export const PhoneFormSubmitting = state(fixtureContext('phoneForm'), 'Qual é o seu celular?', {
  submittingCustomerData: true,
});
export const CustomerForm = state(
  fixtureContext('form', { requestedCustomerFields: ['customerCpf', 'customerPhone'] }),
  'Seus dados',
);
export const CustomerFormWithErrors: Story = {
  ...state(
    fixtureContext('form', { requestedCustomerFields: ['customerCpf'] }),
    'O campo CPF fornecido é inválido',
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('CPF'), '12345678900');
    await userEvent.click(canvas.getByRole('button', { name: 'Continuar' }));
    await expect(await canvas.findByText('O campo CEP deve ter 8 digitos')).toBeTruthy();
  },
};
/** A CEP the lookup does not know: the spec's message, and the city and state typed by the shopper. */
export const CustomerFormUnknownCep: Story = {
  ...state(fixtureContext('form', { requestedCustomerFields: ['customerCpf'] }), 'Seus dados'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('CEP'), '00999999');
    await expect(await canvas.findByText('O CEP fornecido é inválido')).toBeTruthy();
    await userEvent.type(canvas.getByLabelText('Cidade'), 'Manaus');
    await userEvent.selectOptions(canvas.getByLabelText('Estado'), 'AM');
    await expect(canvas.getByDisplayValue('Manaus')).toBeTruthy();
  },
};
export const Token = state(
  fixtureContext('token', { phoneVerification: { channel: 'SMS', destination: '+55 (11) 9****-4321' } }),
  'Digite o Drip Token',
);
export const TokenCooldownAndError = state(
  fixtureContext('token', { tokenInvalid: true, resendAvailableIn: 25 }),
  'Drip Token inválido, verifique o número inserido.',
);
export const Analysis = state(fixtureContext('analysis'), 'Estamos analisando seu perfil');

const selection = fixtureContext('instalmentSelection', { instalmentSelectionRequested: true });
export const InstalmentSelection = state(selection, 'Em quantas parcelas?');
export const InstalmentSelectionSmallPhone: Story = {
  ...state(selection, 'Confirmar'),
  args: { context: selection, viewportWidth: 360 },
  globals: smallPhone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Quantidade de parcelas' }));
    await expect(await within(canvasElement.ownerDocument.body).findByRole('dialog')).toBeTruthy();
  },
};

const confirmation = fixtureContext('confirmation', {
  checkoutConfirmationRequested: true,
  instalments: fixtureInstalments,
});
export const Confirmation = state(confirmation, 'Revise e confirme sua compra');
export const ConfirmationUpfrontMandatory = state(
  fixtureContext('confirmation', {
    checkoutConfirmationRequested: true,
    instalments: fixtureInstalments,
    merchantSummary: { ...fixtureMerchant, upfrontPaymentStatus: 'MANDATORY' },
  }),
  'Hoje',
);
/**
 * OPTIONAL upfront, the server's default "sem entrada" (first due today + 15) on a phone: the two choices come
 * before the calendar; 'com entrada' sends today.
 */
export const ConfirmationOptionalChoicePhone: Story = {
  ...state(confirmation, 'Pagar a 1ª parcela hoje (entrada)'),
  args: { context: confirmation, viewportWidth: 390 },
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Pagar a 1ª parcela hoje (entrada)' }));
    await expect(args.send).toHaveBeenCalledWith({ type: 'CHANGE_FIRST_DATE', date: '2026-11-22' });
  },
};
/** OPTIONAL upfront with the entry due today ('com entrada'): 'Hoje', no calendar until 'sem entrada' is chosen. */
export const ConfirmationOptionalWithEntry = state(
  fixtureContext('confirmation', {
    checkoutConfirmationRequested: true,
    upfrontFirstInstalment: cents(10000),
    instalments: [
      { number: 1, dueDate: '2026-11-22', amount: cents(10000), cashbackAmount: cents(0) },
      { number: 2, dueDate: '2026-12-22', amount: cents(10000), cashbackAmount: cents(0) },
      { number: 3, dueDate: '2027-01-21', amount: cents(10000), cashbackAmount: cents(1500) },
    ],
  }),
  'Pagar a 1ª parcela depois (sem entrada)',
);
export const ConfirmationConfirming = state(confirmation, 'Revise e confirme sua compra', {
  confirming: true,
});

export const PixVerification = state(
  fixtureContext('pixVerification', { payment: fixturePix(inTenMinutes) }),
  'Confirme sua conta com um Pix de R$ 1,00',
);
export const FirstInstalmentPix = state(
  fixtureContext('firstInstalmentPix', { firstInstalmentPayment: fixturePix(inTenMinutes, cents(10000)) }),
  'Pague a 1ª parcela no Pix',
);
export const PixExpired = state(
  fixtureContext('firstInstalmentPix', { firstInstalmentPayment: fixturePix(), pixExpired: true }),
  'Gerar novo código',
);
export const FullAmountPayment = state(
  fixtureContext('fullAmountPayment', {
    result: 'KO',
    fullAmountPayment: fixturePix(inTenMinutes, cents(30000)),
  }),
  'Pagamento à vista',
);
export const Approved = state(
  fixtureContext('approved', { result: 'OK', resolveUrl: 'https://loja.example/obrigado' }),
  'Compra aprovada!',
);
export const ApprovedFirstPurchase = state(
  fixtureContext('approved', {
    result: 'OK',
    resolveUrl: 'https://loja.example/obrigado',
    firstPurchase: true,
  }),
  'Portal do Cliente Drip',
);
export const ApprovedRedirecting: Story = {
  ...state(
    fixtureContext('approved', { result: 'OK', resolveUrl: 'https://loja.example/obrigado' }),
    'Compra aprovada!',
  ),
  args: {
    context: fixtureContext('approved', { result: 'OK', resolveUrl: 'https://loja.example/obrigado' }),
    redirectIn: 5,
  },
};

/** The catalogue's highlight stores under the purchase: logos, initials without one, at a phone's width. */
export const ApprovedWithHighlightStores: Story = {
  ...state(
    fixtureContext('approved', { result: 'OK', resolveUrl: 'https://loja.example/obrigado' }),
    'Use a Drip também nestas lojas',
  ),
  args: {
    context: fixtureContext('approved', { result: 'OK', resolveUrl: 'https://loja.example/obrigado' }),
    viewportWidth: 390,
    loadHighlightStores: async () =>
      okResult([
        { id: 's1', name: 'Casa Pitanga', logoUrl: null },
        { id: 's2', name: 'Livraria Sabiá', logoUrl: null },
        { id: 's3', name: 'Ateliê Ipê', logoUrl: null },
        { id: 's4', name: 'Empório Jabuticaba com um nome comprido', logoUrl: null },
      ]),
  },
  globals: smallPhone,
};

/** One denied story per reason of core's DENIAL_REASONS (the `stories` test fails when a reason has none). */
function denied(reason: DenialReason): Story {
  const story = state(deniedContext(reason), denialView(reason).message);
  return { ...story, name: `Denied: ${reason}`, parameters: { ...story.parameters, deniedReason: reason } };
}
export const DeniedDefault = denied('DEFAULT');
export const DeniedAlreadyHaveActiveOrder = denied('ALREADY_HAVE_ACTIVE_ORDER');
export const DeniedOrderAboveMaxValue = denied('ORDER_ABOVE_MAX_VALUE');
export const DeniedOrderAboveCustomerMaxValue = denied('ORDER_ABOVE_CUSTOMER_MAX_VALUE');
export const DeniedInvalidCustomerData = denied('INVALID_CUSTOMER_DATA');
export const DeniedDripMaxValuePerDay = denied('DRIP_MAX_VALUE_PER_DAY');
export const DeniedDripMaxValueGlobal = denied('DRIP_MAX_VALUE_GLOBAL');
export const DeniedBlockedCustomerPhone = denied('BLOCKED_CUSTOMER_PHONE');
export const DeniedBlockedCustomerCpf = denied('BLOCKED_CUSTOMER_CPF');
export const DeniedBlockedCustomerAddressCep = denied('BLOCKED_CUSTOMER_ADDRESS_CEP');
export const DeniedMaxMultipleOrdersValuePerCustomer = denied('MAX_MULTIPLE_ORDERS_VALUE_PER_CUSTOMER');
export const DeniedActiveOrdersWithFirstInstalmentNotPaid = denied(
  'ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID',
);
export const DeniedLateInstalments = denied('LATE_INSTALMENTS');
export const DeniedFailedMerchantOrderConfirmation = denied('FAILED_MERCHANT_ORDER_CONFIRMATION');
export const DeniedBlockedBankCode = denied('BLOCKED_BANK_CODE');
export const DeniedExpired = denied('EXPIRED');
export const DeniedAntiFraudScore = denied('ANTI_FRAUD_SCORE');
export const DeniedLegallyProtectedMinor = denied('LEGALLY_PROTECTED_MINOR');
export const DeniedWaitingList = state(
  deniedContext('ORDER_ABOVE_MAX_VALUE', { waitlistStatus: 'WAITING_RESPONSE' }),
  'Entrar na lista de espera',
);

/** Every reason at once, generated from DENIAL_REASONS (a new reason shows up here without editing). */
export const DeniedEveryReason: Story = {
  parameters: { keyText: denialView('LEGALLY_PROTECTED_MINOR').message },
  render: (args: CheckoutViewProps) => (
    <div>
      {DENIAL_REASONS.map((reason) => (
        <CheckoutView key={reason} {...args} context={deniedContext(reason)} />
      ))}
    </div>
  ),
};
