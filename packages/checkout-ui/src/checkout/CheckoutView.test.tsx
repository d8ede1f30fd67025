import {
  type ApiResult,
  type CepLookupResponse,
  type CheckoutEvent,
  type CheckoutMachineContext,
  cents,
  DENIAL_REASONS,
  DENIAL_TITLES,
  denialView,
} from '@drip/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { okResult } from '../test-utils.ts';
import { type CheckoutBusy, CheckoutView, idleBusy } from './CheckoutView.tsx';
import {
  deniedContext,
  fixtureContext,
  fixtureInstalments,
  fixtureMerchant,
  fixturePix,
} from './fixtures.ts';

afterEach(cleanup);

const NOW = new Date('2026-11-22T15:00:00.000Z');
// Intl writes 'R$' + U+00A0 + digits.
const NBSP = '\u00A0';
const clock = { now: () => NOW };

function renderView(
  context: CheckoutMachineContext,
  opts: {
    busy?: Partial<CheckoutBusy>;
    width?: number;
    cep?: (cep: string) => Promise<ApiResult<CepLookupResponse>>;
  } = {},
) {
  const send = vi.fn<(event: CheckoutEvent) => void>();
  const onNotify = vi.fn();
  const onClose = vi.fn();
  const lookupCep = vi.fn(opts.cep ?? (async (_cep: string) => okResult<CepLookupResponse>({ erro: true })));
  render(
    <CheckoutView
      context={context}
      busy={{ ...idleBusy, ...opts.busy }}
      send={send}
      viewportWidth={opts.width ?? 1024}
      redirectIn={null}
      lookupCep={lookupCep}
      onNotify={onNotify}
      onClose={onClose}
      clock={clock}
    />,
  );
  return { send, onNotify, onClose, lookupCep };
}

describe('header, footer and step number (spec 2.5)', () => {
  it('insight: step 1, header with the merchant, footer, start button', () => {
    const { send } = renderView(fixtureContext('insight'));
    expect(screen.getByText('Passo 1 de 3')).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain('Loja Exemplo');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Começar' }));
    expect(send).toHaveBeenCalledWith({ type: 'START' });
  });

  it('the heading takes the focus', () => {
    renderView(fixtureContext('insight'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('form: no header, no footer', async () => {
    renderView(fixtureContext('form', { requestedCustomerFields: ['customerCpf', 'customerPhone'] }));
    await screen.findByRole('heading', { name: 'Seus dados' });
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('form: redirect mode still offers Cancelar compra, and transparent mode the ×, without the header', async () => {
    const form = { requestedCustomerFields: ['customerCpf', 'customerPhone'] } as const;
    const { send } = renderView(
      fixtureContext('form', { ...form, requestedCustomerFields: [...form.requestedCustomerFields] }),
    );
    await screen.findByRole('heading', { name: 'Seus dados' });
    expect(screen.queryByRole('banner')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar compra' }));
    expect(send).toHaveBeenCalledWith({ type: 'CANCEL' });
    cleanup();
    const { onClose } = renderView(
      fixtureContext('form', {
        transparent: true,
        requestedCustomerFields: [...form.requestedCustomerFields],
      }),
    );
    await screen.findByRole('heading', { name: 'Seus dados' });
    expect(screen.queryByRole('button', { name: 'Cancelar compra' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('transparent mode shows the × and redirect mode the cancel button', () => {
    const { onClose } = renderView(fixtureContext('insight', { transparent: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalled();
    cleanup();
    const { send } = renderView(fixtureContext('insight'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar compra' }));
    expect(send).toHaveBeenCalledWith({ type: 'CANCEL' });
  });
});

describe('customer form', () => {
  it('shows every message on an empty submit and keeps what was typed', async () => {
    const { send } = renderView(fixtureContext('form', { requestedCustomerFields: ['customerCpf'] }));
    const name = await screen.findByLabelText('Nome completo');
    fireEvent.change(name, { target: { value: 'Maria da Silva' } });
    fireEvent.change(screen.getByLabelText('CPF'), { target: { value: '12345678900' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByText('Insira um número de telefone válido')).toBeTruthy();
    expect(screen.getByText('O campo CPF fornecido é inválido')).toBeTruthy();
    expect(screen.getByText('O campo CEP deve ter 8 digitos')).toBeTruthy();
    expect(screen.getByText('Precisamos de um CEP válido para recuperar a cidade')).toBeTruthy();
    expect(screen.getByText('Precisamos de um CEP válido para recuperar o estado')).toBeTruthy();
    expect((screen.getByLabelText('Nome completo') as HTMLInputElement).value).toBe('Maria da Silva');
    expect((screen.getByLabelText('CPF') as HTMLInputElement).value).toBe('123.456.789-00');
  });

  it('an unknown CEP says so', async () => {
    const { lookupCep } = renderView(fixtureContext('form', { requestedCustomerFields: ['customerCpf'] }));
    fireEvent.change(await screen.findByLabelText('CEP'), { target: { value: '99999999' } });
    expect(lookupCep).toHaveBeenCalledWith('99999999');
    expect(await screen.findByText('O CEP fornecido é inválido')).toBeTruthy();
  });
});

describe('the address step never blocks on the CEP lookup', () => {
  const form = () => fixtureContext('form', { requestedCustomerFields: ['customerCpf'] });
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const fillTheRest = () => {
    type('Celular', '11987654321');
    type('CPF', '52998224725');
    type('Nome completo', 'Maria da Silva');
    type('E-mail', 'maria@example.com');
    type('Número', '10');
  };
  const city = () => screen.getByLabelText('Cidade') as HTMLInputElement;
  const state = () => screen.getByLabelText('Estado') as HTMLInputElement | HTMLSelectElement;

  for (const [what, answer, message] of [
    ['an unknown CEP', async () => okResult<CepLookupResponse>({ erro: true }), 'O CEP fornecido é inválido'],
    [
      'a lookup that is unavailable',
      async (): Promise<ApiResult<CepLookupResponse>> => ({
        ok: false,
        error: { kind: 'network', status: 0, message: 'offline' },
      }),
      'Não foi possível recuperar os detalhes do endereço com base no CEP fornecido',
    ],
  ] as const) {
    it(`${what}: the spec's message, then the address is typed and the purchase goes on`, async () => {
      const { send } = renderView(form(), { cep: answer });
      fireEvent.change(await screen.findByLabelText('CEP'), { target: { value: '69005-040' } });
      expect(await screen.findByText(message)).toBeTruthy();
      expect(city().readOnly).toBe(false);
      expect(state().tagName).toBe('SELECT');
      fillTheRest();
      type('Rua', 'Rua Dez de Julho');
      type('Bairro', 'Centro');
      fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(send).not.toHaveBeenCalled();
      expect(
        screen.getByText('Não encontramos a cidade pelo CEP informado, por favor preencha'),
      ).toBeTruthy();
      expect(
        screen.getByText('Não encontramos o estado pelo CEP informado, por favor selecione'),
      ).toBeTruthy();
      type('Cidade', 'Manaus');
      type('Estado', 'AM');
      fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(send).toHaveBeenCalledWith({
        type: 'SUBMIT_CUSTOMER_DATA',
        data: expect.objectContaining({
          addressCep: '69005040',
          addressStreet: 'Rua Dez de Julho',
          addressNeighborhood: 'Centro',
          addressCity: 'Manaus',
          addressState: 'AM',
        }),
      });
    });
  }

  it('a lookup that knows only the state (the sandbox by range): the state is kept, the city typed', async () => {
    const { send } = renderView(form(), {
      cep: async () =>
        okResult<CepLookupResponse>({ cep: '69005-040', uf: 'AM', localidade: '', logradouro: '' }),
    });
    fireEvent.change(await screen.findByLabelText('CEP'), { target: { value: '69005040' } });
    expect(
      await screen.findByText('Não encontramos a cidade pelo CEP informado, por favor preencha'),
    ).toBeTruthy();
    expect(state().value).toBe('AM');
    expect((state() as HTMLInputElement).readOnly).toBe(true);
    expect(city().readOnly).toBe(false);
    fillTheRest();
    type('Rua', 'Rua Dez de Julho');
    type('Bairro', 'Centro');
    type('Cidade', 'Manaus');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(send).toHaveBeenCalledWith({
      type: 'SUBMIT_CUSTOMER_DATA',
      data: expect.objectContaining({ addressCity: 'Manaus', addressState: 'AM' }),
    });
  });

  it('a lookup that finds the whole address keeps city and state read-only, as the spec has them', async () => {
    renderView(form(), {
      cep: async () =>
        okResult<CepLookupResponse>({
          cep: '01310-100',
          logradouro: 'Avenida Paulista',
          bairro: 'Bela Vista',
          localidade: 'São Paulo',
          uf: 'SP',
        }),
    });
    fireEvent.change(await screen.findByLabelText('CEP'), { target: { value: '01310100' } });
    expect(await screen.findByDisplayValue('São Paulo')).toBeTruthy();
    expect(city().readOnly).toBe(true);
    expect((state() as HTMLInputElement).readOnly).toBe(true);
    expect(state().value).toBe('SP');
  });
});

describe('phone form: any country, Brazil by default (spec 5 and 9)', () => {
  const phoneStep = () => fixtureContext('phoneForm', { requestedCustomerFields: ['customerPhone'] });

  it('a number without + is Brazilian, sent as E.164', async () => {
    const { send } = renderView(phoneStep());
    const input = await screen.findByLabelText('Celular');
    fireEvent.change(input, { target: { value: '11987654321' } });
    expect((input as HTMLInputElement).value).toBe('+55 (11) 98765-4321');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(send).toHaveBeenCalledWith({ type: 'SUBMIT_PHONE', phone: '+5511987654321' });
  });

  it('a valid international number is accepted; an invalid or incomplete one gets the spec messages', async () => {
    const { send } = renderView(phoneStep());
    const input = await screen.findByLabelText('Celular');
    fireEvent.change(input, { target: { value: '+1 213 37' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByText('O campo telefone está incompleto, verifique o número e seu DDD')).toBeTruthy();
    fireEvent.change(input, { target: { value: '+15551234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(
      screen.getByText('O campo telefone fornecido é inválido, verifique e tente novamente'),
    ).toBeTruthy();
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByText('Insira um número de telefone válido')).toBeTruthy();
    fireEvent.change(input, { target: { value: '+12133734253' } });
    expect((input as HTMLInputElement).value).toBe('+1 213 373 4253');
    expect((screen.getByLabelText('País do telefone') as HTMLSelectElement).value).toBe('US');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(send).toHaveBeenCalledWith({ type: 'SUBMIT_PHONE', phone: '+12133734253' });
  });
});

describe('token', () => {
  it('shows the invalid token message and the resend cooldown', async () => {
    renderView(fixtureContext('token', { tokenInvalid: true, resendAvailableIn: 25 }));
    expect(await screen.findByText('Drip Token inválido, verifique o número inserido.')).toBeTruthy();
    expect(screen.getByText(/00:25/)).toBeTruthy();
    for (const name of ['SMS', 'WhatsApp', 'e-mail']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('keeps Continuar disabled until the 6 digits are typed', async () => {
    const { send } = renderView(fixtureContext('token'));
    const input = await screen.findByLabelText('Drip Token');
    const submit = screen.getByRole('button', { name: 'Continuar' }) as HTMLButtonElement;
    fireEvent.change(input, { target: { value: '12345' } });
    expect(submit.disabled).toBe(true);
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '123456' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(send).toHaveBeenCalledWith({ type: 'SUBMIT_TOKEN', code: '123456' });
  });

  it('resends by the chosen channel once the cooldown is over', async () => {
    const { send } = renderView(fixtureContext('token'));
    fireEvent.click(await screen.findByRole('button', { name: 'WhatsApp' }));
    expect(send).toHaveBeenCalledWith({ type: 'RESEND_TOKEN', channel: 'WHATSAPP' });
  });
});

describe('instalment selection', () => {
  const context = fixtureContext('instalmentSelection', { instalmentSelectionRequested: true });

  it('defaults to 3x and sends it', async () => {
    const { send } = renderView(context);
    await screen.findByRole('heading', { name: 'Em quantas parcelas?' });
    expect(screen.getByText('Selecione a quantidade de parcelas e revise para finalizar.')).toBeTruthy();
    expect(screen.getByText('Compra na Loja Exemplo')).toBeTruthy();
    expect(screen.getByText('Em até 6x sem juros')).toBeTruthy();
    expect(screen.getByText('5,00% de cashback no último pagamento')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Quantidade de parcelas' });
    expect(button.textContent).toBe(`3x de R$${NBSP}100,00 sem juros`);
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(send).toHaveBeenCalledWith({ type: 'SELECT_INSTALMENTS', totalInstalments: 3 });
  });

  it('the dropdown lists 2x..6x and closes on an outside click on desktop', async () => {
    renderView(context);
    fireEvent.click(await screen.findByRole('button', { name: 'Quantidade de parcelas' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(
      ['2x de R$ 150,00', '3x de R$ 100,00', '4x de R$ 75,00', '5x de R$ 60,00', '6x de R$ 50,00'].map(
        (text) => `${text.replace('R$ ', `R$${NBSP}`)} sem juros`,
      ),
    );
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('small phones choose in a bottom sheet with radios and Confirmar', async () => {
    const { send } = renderView(context, { width: 360 });
    fireEvent.click(await screen.findByRole('button', { name: 'Quantidade de parcelas' }));
    const sheet = screen.getByRole('dialog');
    fireEvent.click(within(sheet).getByLabelText(/^6x de R\$\s50,00 sem juros$/));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Confirmar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(send).toHaveBeenCalledWith({ type: 'SELECT_INSTALMENTS', totalInstalments: 6 });
  });
});

describe('instalment selection of R$ 299,90 (3 does not divide it)', () => {
  // The server offers counts with its first instalment's amount (the largest, remainder centavos on it).
  const context = fixtureContext('instalmentSelection', {
    instalmentSelectionRequested: true,
    totalAmount: cents(29990),
    merchantSummary: { ...fixtureMerchant, totalAmount: cents(29990) },
    instalmentSelection: {
      options: [
        { totalInstalments: 2, instalmentAmount: cents(14995) },
        { totalInstalments: 3, instalmentAmount: cents(9998) },
        { totalInstalments: 4, instalmentAmount: cents(7499) },
      ],
    },
  });

  it('each option says what is charged: the first instalment apart when it differs', async () => {
    renderView(context);
    const button = await screen.findByRole('button', { name: 'Quantidade de parcelas' });
    expect(button.textContent).toBe(`3x (1x R$${NBSP}99,98 + 2x R$${NBSP}99,96) sem juros`);
    fireEvent.click(button);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      `2x de R$${NBSP}149,95 sem juros`,
      `3x (1x R$${NBSP}99,98 + 2x R$${NBSP}99,96) sem juros`,
      `4x (1x R$${NBSP}74,99 + 3x R$${NBSP}74,97) sem juros`,
    ]);
    // Neither the server's first amount nor total/3 (99,97) as every instalment's amount.
    expect(screen.queryByText(/3x de R\$\s99,9[78]/)).toBeNull();
  });
});

describe('confirmation', () => {
  it('shows the schedule, the disclosure and a calendar enabled only after a change', async () => {
    const { send } = renderView(
      fixtureContext('confirmation', {
        checkoutConfirmationRequested: true,
        instalments: fixtureInstalments,
      }),
    );
    await screen.findByRole('heading', { name: 'Revise e confirme sua compra' });
    expect(screen.getByText('Passo 2 de 3')).toBeTruthy();
    expect(screen.getByText('Taxa de juros').nextSibling?.textContent).toBe('0,00% a.m.');
    expect(screen.getByText('Custo Efetivo Total (CET)')).toBeTruthy();
    // Month titles in pt-BR: only the first word capitalised ('Março de 2026', never 'Março De 2026').
    const titles = [...document.querySelectorAll('.calendar__title')].map((el) => el.textContent ?? '');
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toMatch(/^[A-ZÇ][a-zç]+ de \d{4}$/);
    expect(screen.getByText('Data do primeiro vencimento').nextSibling?.textContent).toBe('07/12/2026');
    // today (São Paulo) is 22/11/2026: 23/11 … 23/12 are offered; the current date 07/12 is selected.
    expect(screen.queryByRole('button', { name: '22/11/2026' })).toBeNull();
    expect(screen.getByRole('button', { name: '23/11/2026' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '23/12/2026' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '24/12/2026' })).toBeNull();
    expect(screen.getByRole('button', { name: '07/12/2026' }).getAttribute('aria-pressed')).toBe('true');
    const change = screen.getByRole('button', { name: /Alterar para/ }) as HTMLButtonElement;
    expect(change.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '10/12/2026' }));
    expect(change.disabled).toBe(false);
    fireEvent.click(change);
    expect(send).toHaveBeenCalledWith({ type: 'CHANGE_FIRST_DATE', date: '2026-12-10' });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(send).toHaveBeenCalledWith({ type: 'CONFIRM' });
  });

  it("optional upfront, sem entrada by default: 'com entrada' is one obvious choice that sends today", async () => {
    const { send } = renderView(
      fixtureContext('confirmation', {
        checkoutConfirmationRequested: true,
        instalments: fixtureInstalments,
      }),
    );
    await screen.findByRole('heading', { name: 'Revise e confirme sua compra' });
    const group = screen.getByRole('group', { name: 'Quando pagar a 1ª parcela?' });
    const withEntry = within(group).getByRole('button', { name: 'Pagar a 1ª parcela hoje (entrada)' });
    const later = within(group).getByRole('button', { name: 'Pagar a 1ª parcela depois (sem entrada)' });
    // The server's plan (first due 07/12, today + 15) is "sem entrada": that is the choice shown as made.
    expect(later.getAttribute('aria-pressed')).toBe('true');
    expect(withEntry.getAttribute('aria-pressed')).toBe('false');
    expect(withEntry.textContent).toMatch(/R\$\s100,00 no Pix, logo após confirmar/);
    expect(later.textContent).toContain('Escolha a data, até 23/12/2026');
    // The choice comes before the schedule and the calendar, so that a phone shows it without scrolling past them.
    for (const after of [
      screen.getByRole('list', { name: 'Parcelas' }),
      screen.getByRole('group', { name: 'Data da 1ª parcela' }),
    ])
      expect(group.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(later);
    expect(send).not.toHaveBeenCalled();
    fireEvent.click(withEntry);
    expect(send).toHaveBeenCalledWith({ type: 'CHANGE_FIRST_DATE', date: '2026-11-22' });
  });

  it("optional upfront with the entry due today: 'Hoje', no calendar, and 'sem entrada' goes back to today + 15", async () => {
    const withEntryPlan = [
      { number: 1, dueDate: '2026-11-22', amount: cents(10000), cashbackAmount: cents(0) },
      { number: 2, dueDate: '2026-12-22', amount: cents(10000), cashbackAmount: cents(0) },
      { number: 3, dueDate: '2027-01-21', amount: cents(10000), cashbackAmount: cents(1500) },
    ];
    const { send } = renderView(
      fixtureContext('confirmation', {
        checkoutConfirmationRequested: true,
        instalments: withEntryPlan,
        upfrontFirstInstalment: cents(10000),
      }),
    );
    await screen.findByRole('heading', { name: 'Revise e confirme sua compra' });
    expect(screen.getByText('Data do primeiro vencimento').nextSibling?.textContent).toBe('Hoje');
    expect(within(screen.getByRole('list', { name: 'Parcelas' })).getAllByText('Hoje')).toHaveLength(1);
    const withEntry = screen.getByRole('button', { name: 'Pagar a 1ª parcela hoje (entrada)' });
    expect(withEntry.getAttribute('aria-pressed')).toBe('true');
    // Due today, there is no date to choose: the calendar comes back with "sem entrada".
    expect(screen.queryByRole('group', { name: 'Data da 1ª parcela' })).toBeNull();
    expect(screen.queryByRole('button', { name: '07/12/2026' })).toBeNull();
    fireEvent.click(withEntry);
    expect(send).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Pagar a 1ª parcela depois (sem entrada)' }));
    expect(send).toHaveBeenCalledWith({ type: 'CHANGE_FIRST_DATE', date: '2026-12-07' });
  });

  it('optional upfront: no second change while one is on its way, and no confirmation either', async () => {
    const { send } = renderView(
      fixtureContext('confirmation', {
        checkoutConfirmationRequested: true,
        instalments: fixtureInstalments,
      }),
      { busy: { changingFirstDate: true } },
    );
    await screen.findByRole('heading', { name: 'Revise e confirme sua compra' });
    const withEntry = screen.getByRole('button', { name: 'Pagar a 1ª parcela hoje (entrada)' });
    expect(withEntry.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(withEntry);
    expect(send).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('disabled upfront: no entry to choose, only the calendar (1..31 days)', async () => {
    renderView(
      fixtureContext('confirmation', {
        checkoutConfirmationRequested: true,
        instalments: fixtureInstalments,
        merchantSummary: { ...fixtureMerchant, upfrontPaymentStatus: 'DISABLED' },
      }),
    );
    await screen.findByRole('heading', { name: 'Revise e confirme sua compra' });
    expect(screen.queryByRole('button', { name: 'Pagar a 1ª parcela hoje (entrada)' })).toBeNull();
    expect(screen.queryByRole('button', { name: '22/11/2026' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Data da 1ª parcela' })).toBeTruthy();
  });

  it("the calendar follows the server's new schedule after a change", async () => {
    const props = { checkoutConfirmationRequested: true } as const;
    const { rerender } = render(
      <CheckoutView
        context={fixtureContext('confirmation', { ...props, instalments: fixtureInstalments })}
        busy={idleBusy}
        send={vi.fn()}
        viewportWidth={1024}
        redirectIn={null}
        lookupCep={vi.fn()}
        onNotify={vi.fn()}
        onClose={null}
        clock={clock}
      />,
    );
    await screen.findByRole('heading', { name: 'Revise e confirme sua compra' });
    const moved = fixtureInstalments.map((i, n) => ({
      ...i,
      dueDate: ['2026-12-10', '2027-01-09', '2027-02-08'][n] ?? i.dueDate,
    }));
    rerender(
      <CheckoutView
        context={fixtureContext('confirmation', { ...props, instalments: moved })}
        busy={idleBusy}
        send={vi.fn()}
        viewportWidth={1024}
        redirectIn={null}
        lookupCep={vi.fn()}
        onNotify={vi.fn()}
        onClose={null}
        clock={clock}
      />,
    );
    expect(screen.getByRole('button', { name: '10/12/2026' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '07/12/2026' }).getAttribute('aria-pressed')).toBe('false');
    expect((screen.getByRole('button', { name: /Alterar para/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows 'Hoje' for the first instalment when upfront is mandatory", async () => {
    renderView(
      fixtureContext('confirmation', {
        checkoutConfirmationRequested: true,
        instalments: fixtureInstalments,
        merchantSummary: {
          id: 'm',
          name: 'Loja',
          flexibleInstallments: true,
          maxInstalments: 3,
          upfrontPaymentStatus: 'MANDATORY',
          cashbackRate: 0,
          totalAmount: cents(30000),
          autoRedirect: true,
        },
      }),
    );
    await screen.findByRole('heading', { name: 'Revise e confirme sua compra' });
    expect(screen.getByText('Data do primeiro vencimento').nextSibling?.textContent).toBe('Hoje');
    expect(screen.queryByRole('button', { name: /Alterar para/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pagar a 1ª parcela depois (sem entrada)' })).toBeNull();
  });
});

describe('Pix', () => {
  it('shows amount, copy-paste text and the countdown', async () => {
    renderView(
      fixtureContext('pixVerification', {
        payment: fixturePix(new Date(NOW.getTime() + 660_000).toISOString()),
      }),
    );
    await screen.findByRole('heading', { name: 'Confirme sua conta com um Pix de R$ 1,00' });
    expect(screen.getByText('Passo 1 de 3')).toBeTruthy();
    // 11 minutes of charge: the countdown ends a minute early (spec 9, the safety margin).
    expect(screen.getByText('10:00')).toBeTruthy();
    expect((screen.getByLabelText('Pix copia e cola') as HTMLTextAreaElement).readOnly).toBe(true);
    expect(screen.getByRole('img', { name: 'QR Code do Pix' }).getAttribute('src')).toBe(
      fixturePix().paymentQrCode,
    );
  });

  it("counts the verification Pix with the identity steps ('Passo 1 de 3') and the first instalment as 3", async () => {
    renderView(fixtureContext('pixVerification', { payment: fixturePix() }));
    expect(await screen.findByText('Passo 1 de 3')).toBeTruthy();
    cleanup();
    renderView(fixtureContext('firstInstalmentPix', { firstInstalmentPayment: fixturePix() }));
    expect(await screen.findByText('Passo 3 de 3')).toBeTruthy();
  });

  it('blurs the QR and offers a new code once expired', async () => {
    const { send } = renderView(
      fixtureContext('firstInstalmentPix', { firstInstalmentPayment: fixturePix(), pixExpired: true }),
    );
    const renew = await screen.findByRole('button', { name: 'Gerar novo código' });
    expect(screen.getByRole('img', { name: 'QR Code do Pix' }).parentElement?.className).toContain(
      'pix__qr--expired',
    );
    fireEvent.click(renew);
    expect(send).toHaveBeenCalledWith({ type: 'REQUEST_NEW_PIX' });
  });

  it('is expired as soon as expiresAt passes, before the next poll', async () => {
    renderView(
      fixtureContext('fullAmountPayment', {
        result: 'KO',
        fullAmountPayment: fixturePix(new Date(NOW.getTime() - 1000).toISOString(), cents(30000)),
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Pagamento à vista' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Gerar novo código' })).toBeTruthy();
  });

  it('shows the charge as expired a safety margin before its real expiry, so that a last-second Pix still settles', async () => {
    renderView(
      fixtureContext('firstInstalmentPix', {
        firstInstalmentPayment: fixturePix(new Date(NOW.getTime() + 59_000).toISOString()),
      }),
    );
    expect(await screen.findByRole('button', { name: 'Gerar novo código' })).toBeTruthy();
    expect(screen.queryByText(/O código expira em/)).toBeNull();
    cleanup();
    renderView(
      fixtureContext('firstInstalmentPix', {
        firstInstalmentPayment: fixturePix(new Date(NOW.getTime() + 61_000).toISOString()),
      }),
    );
    expect(await screen.findByText('00:01')).toBeTruthy();
  });

  it('a charge without a readable expiry counts down the default 10 minutes', async () => {
    renderView(fixtureContext('firstInstalmentPix', { firstInstalmentPayment: fixturePix('sem data') }));
    expect(await screen.findByText('10:00')).toBeTruthy();
  });

  it("copies with the Clipboard API and says 'Copiado'", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { onNotify } = renderView(fixtureContext('pixVerification', { payment: fixturePix() }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copiar' }));
    await vi.waitFor(() => expect(onNotify).toHaveBeenCalledWith('success', 'Copiado'));
    expect(writeText).toHaveBeenCalledWith(fixturePix().paymentQrCodeText);
  });

  it('falls back to execCommand and then offers the code by SMS', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const exec = vi.fn(() => false);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    const { send } = renderView(fixtureContext('pixVerification', { payment: fixturePix() }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copiar' }));
    const sms = await screen.findByRole('button', { name: 'Enviar código por SMS' });
    expect(exec).toHaveBeenCalledWith('copy');
    fireEvent.click(sms);
    expect(send).toHaveBeenCalledWith({ type: 'SEND_PIX_SMS' });
  });
});

describe('denied: the title of every reason (spec 8)', () => {
  it.each(DENIAL_REASONS)('%s', async (reason) => {
    renderView(deniedContext(reason));
    const expected =
      reason === 'EXPIRED'
        ? DENIAL_TITLES.expired
        : reason === 'ORDER_ABOVE_MAX_VALUE'
          ? DENIAL_TITLES.aboveMaxValue
          : DENIAL_TITLES.generic;
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(expected);
    expect(screen.getByText(denialView(reason).message)).toBeTruthy();
    const appAccess = screen.queryByRole('link', { name: 'Acessar minha conta Drip' });
    expect(appAccess !== null).toBe(reason === 'ACTIVE_ORDERS_WITH_FIRST_INSTALMENT_NOT_PAID');
  });

  it('waiting response without blocked limit: account title and the waitlist button', async () => {
    const { send } = renderView(
      deniedContext('ORDER_ABOVE_MAX_VALUE', { waitlistStatus: 'WAITING_RESPONSE' }),
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      DENIAL_TITLES.accountNotCreated,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Entrar na lista de espera' }));
    expect(send).toHaveBeenCalledWith({ type: 'JOIN_WAITLIST' });
  });
});

describe('approved', () => {
  it('shows the result and the way back to the store', async () => {
    renderView(fixtureContext('approved', { result: 'OK', resolveUrl: 'https://loja.example/obrigado' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Compra aprovada!');
    expect(screen.getByRole('link', { name: 'Voltar para a loja' }).getAttribute('href')).toBe(
      'https://loja.example/obrigado',
    );
  });

  it('tells a first-time shopper how to reach the customer portal, with a link to it on this origin', async () => {
    renderView(fixtureContext('approved', { result: 'OK', firstPurchase: true }));
    await screen.findByRole('heading', { name: 'Compra aprovada!' });
    const link = screen.getByRole('link', { name: 'Portal do Cliente Drip' });
    expect(link.getAttribute('href')).toBe('/cliente/login');
    expect(link.closest('p')?.textContent).toBe(
      'Acompanhe e pague suas parcelas no Portal do Cliente Drip. Enviamos um SMS com o link para você criar sua senha.',
    );
  });

  it('a returning shopper gets the portal link without the password SMS sentence', async () => {
    renderView(fixtureContext('approved', { result: 'OK', firstPurchase: false }));
    const link = await screen.findByRole('link', { name: 'Portal do Cliente Drip' });
    expect(link.closest('p')?.textContent).toBe('Acompanhe e pague suas parcelas no Portal do Cliente Drip.');
  });
});
