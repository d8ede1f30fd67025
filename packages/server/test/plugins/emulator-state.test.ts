/**
 * The sandbox's platform emulators keep their state across a restart (docs/sandbox-emulators.md): a store that
 * installed Drip keeps its token, provider, webhooks and orders, so that Drip's side (in the database) and the
 * platform's side still agree; the VTEX gateway keeps its orders. A "restart" here is a new emulator built on the
 * same database, as server.ts builds it.
 */
import { fillPath, merchantPluginSignUp, nuvemshopRedirect } from '@drip/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { NuvemshopEmulator, SANDBOX_APP } from '../../src/modules/plugins/emulator.ts';
import { EmulatorStateStore } from '../../src/modules/sandbox/emulator-state.ts';
import { VtexGateway } from '../../src/modules/vtex/emulator.ts';
import { bearer, loginMerchant, seededApp } from '../helpers.ts';
import { merchantIdOf } from '../merchant-sales-helpers.ts';

let t: Awaited<ReturnType<typeof seededApp>>;
let state: EmulatorStateStore;
const s = () => t.built.services;

beforeAll(async () => {
  t = await seededApp();
  state = new EmulatorStateStore(t.database.db, createLogger('silent'));
});
afterAll(async () => {
  await state.flush();
  s().sandboxPsp?.close();
  await s().instalmentEvents.close();
  await t.dispose();
});

describe('sandbox emulators across a restart', () => {
  it('the Nuvemshop store keeps its installation, its webhooks and its orders', async () => {
    const emu = s().nuvemshopEmulator;
    if (!emu) throw new Error('the sandbox has no emulator');
    await emu.persistWith(state);
    const aurora = await merchantIdOf(t, 'Loja Aurora');
    const storeId = emu.storeFor(aurora, 'Loja Aurora');
    const code = emu.issueCode(storeId);
    const admin = bearer((await loginMerchant(t)).token);
    const signUp = await t.request(
      'POST',
      fillPath(merchantPluginSignUp.path, { platform: 'nuvemshop' }),
      { code },
      admin,
    );
    expect(signUp.status, signUp.text).toBe(201);
    const orderId = emu.buy(storeId, 1, 2);
    const redirect = await t.request('POST', nuvemshopRedirect.path, {
      storeId,
      orderId,
      callbackUrls: { success: `${emu.storeUrl(storeId)}?order=${orderId}` },
    });
    expect(redirect.status, redirect.text).toBe(200);
    await s().nuvemshop.check();
    await s().nuvemshop.queue.drain();
    await state.flush();

    const restarted = new NuvemshopEmulator({
      publicUrl: 'http://localhost:3000',
      appId: SANDBOX_APP.appId,
      clientSecret: SANDBOX_APP.clientSecret,
      now: () => t.clock.now(),
      lgpdUrl: () => 'http://localhost:3000/lgpd',
    });
    await restarted.persistWith(state);
    expect(restarted.storeFor(aurora, 'Loja Aurora')).toBe(storeId);
    const before = emu.store(storeId);
    const after = restarted.store(storeId);
    expect(after.token).toBe(before.token);
    expect([...after.providers.keys()]).toEqual([...before.providers.keys()]);
    expect(Object.fromEntries(after.webhooks)).toEqual(Object.fromEntries(before.webhooks));
    expect(restarted.order(after, orderId)).toEqual(emu.order(before, orderId));
    expect(restarted.order(after, orderId).transactions).toHaveLength(1);
    // The used code stays used; the next store and order numbers do not repeat.
    expect(() =>
      restarted.token({
        client_id: SANDBOX_APP.appId,
        client_secret: SANDBOX_APP.clientSecret,
        grant_type: 'authorization_code',
        code,
      }),
    ).toThrow(/invalid or was used/);
    expect(restarted.buy(storeId, 0, 1)).not.toBe(orderId);
    expect(restarted.createStore('Outra')).not.toBe(storeId);
  });

  it('the VTEX gateway keeps its orders', async () => {
    const gateway = s().vtexGateway;
    if (!gateway) throw new Error('sandbox gateway off');
    await gateway.persistWith(state);
    const merchantId = (await t.request('GET', '/sandbox/demo')).body.merchants[0].id;
    const placed = await gateway.placeOrder({ merchantId, value: 12.34 });
    expect(placed.createAnswer.status).toBe(200);
    await state.flush();

    const restarted = new VtexGateway({
      publicUrl: 'http://localhost:3000',
      connector: s().vtex,
      credentials: (id) => s().vtex.ensureDemoCredentials(id),
    });
    await restarted.persistWith(state);
    expect(restarted.order(placed.paymentId)).toEqual(gateway.order(placed.paymentId));
  });
});
