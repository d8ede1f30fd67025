/**
 * Test support (not exported from the package): the checkout machine with its actors provided by a
 * `FakeCheckoutServer`, and a driver that plays the shopper. Time is driven by vitest fake timers (XState's
 * default clock uses `setTimeout`; the injected clock reads the faked `Date`).
 */
import { type Actor, createActor, fromPromise } from 'xstate';
import type {
  CancelCheckoutResponse,
  CheckoutResponse,
  CustomerDataRequest,
  NotifyPixResponse,
  PhoneOnlyRequest,
  UpdateWaitlistResponse,
  VerificationChannel,
  WaitlistStatus,
} from '../contract/checkout.ts';
import type { FakeCheckoutServer } from './fake-server.ts';
import { type CheckoutMachine, createCheckoutMachine } from './machine.ts';

type ById = { checkoutId: string };

export interface FakeActorOverrides {
  pollPayment?: (server: FakeCheckoutServer) => Promise<CheckoutResponse>;
  loadCheckout?: (server: FakeCheckoutServer) => Promise<CheckoutResponse>;
  submitCustomerData?: (server: FakeCheckoutServer) => Promise<CheckoutResponse>;
  submitToken?: (server: FakeCheckoutServer, code: string) => Promise<CheckoutResponse>;
  resendToken?: (server: FakeCheckoutServer, channel: VerificationChannel) => Promise<CheckoutResponse>;
  updateWaitlist?: () => Promise<UpdateWaitlistResponse>;
}

export function machineWithServer(
  server: FakeCheckoutServer,
  overrides: FakeActorOverrides = {},
): CheckoutMachine {
  return createCheckoutMachine({ clock: { now: () => new Date() } }).provide({
    actors: {
      loadCheckout: fromPromise<CheckoutResponse, ById>(async () =>
        overrides.loadCheckout ? overrides.loadCheckout(server) : server.load(),
      ),
      submitCustomerData: fromPromise<
        CheckoutResponse,
        ById & { data: PhoneOnlyRequest | CustomerDataRequest }
      >(async ({ input }) =>
        overrides.submitCustomerData
          ? overrides.submitCustomerData(server)
          : server.submitCustomerData(input.data),
      ),
      submitToken: fromPromise<CheckoutResponse, ById & { code: string }>(async ({ input }) =>
        overrides.submitToken ? overrides.submitToken(server, input.code) : server.submitToken(input.code),
      ),
      resendToken: fromPromise<CheckoutResponse, ById & { channel: VerificationChannel }>(
        async ({ input }) =>
          overrides.resendToken
            ? overrides.resendToken(server, input.channel)
            : server.resendToken(input.channel),
      ),
      submitInstalments: fromPromise<CheckoutResponse, ById & { totalInstalments: number }>(
        async ({ input }) => server.selectInstalments(input.totalInstalments),
      ),
      submitFirstInstalmentDate: fromPromise<CheckoutResponse, ById & { date: string }>(async ({ input }) =>
        server.changeFirstDate(input.date),
      ),
      confirmCheckout: fromPromise<CheckoutResponse, ById>(async () => server.confirm()),
      pollPayment: fromPromise<CheckoutResponse, ById>(async () =>
        overrides.pollPayment ? overrides.pollPayment(server) : server.poll(),
      ),
      cancelCheckout: fromPromise<CancelCheckoutResponse, ById>(async () => ({
        status: 'REVOKED',
        cancelUrl: 'https://loja.example/cancel',
      })),
      updateWaitlist: fromPromise<
        UpdateWaitlistResponse,
        ById & { oldStatus: WaitlistStatus | null; newStatus: WaitlistStatus }
      >(async ({ input }) =>
        overrides.updateWaitlist ? overrides.updateWaitlist() : { status: input.newStatus },
      ),
      notifyPix: fromPromise<NotifyPixResponse, ById>(async () => ({ smsDelivered: true })),
    },
  });
}

export const CUSTOMER_DATA: CustomerDataRequest = {
  customerPhone: '+5511987654321',
  customerCpf: '52998224725',
  customerName: 'Ana Souza',
  customerEmail: 'ana@example.com',
  addressCep: '01310930',
  addressStreet: 'Avenida Paulista',
  addressNumber: '1000',
  addressNeighborhood: 'Bela Vista',
  addressCity: 'São Paulo',
  addressState: 'SP',
};

export function startActor(machine: CheckoutMachine): Actor<CheckoutMachine> {
  const actor = createActor(machine, { input: { checkoutId: 'chk_1' } });
  actor.start();
  return actor;
}
