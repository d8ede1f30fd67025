import { cents, DRIP_SUPPORT_EMAIL, type WidgetEvent } from '@drip/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BannerPage, bannerAmounts, bannerText, parseBannerAmount } from './Banner.tsx';
import { ExplainerPage, explainerMessages } from './Explainer.tsx';
import { parseCashbackRate, type WidgetTarget } from './widget-events.ts';

afterEach(cleanup);

function recorder() {
  const posted: { message: WidgetEvent }[] = [];
  const target: WidgetTarget = { emit: (message) => posted.push({ message }) };
  return { target, posted, types: () => posted.map((p) => p.message.type) };
}

// Intl writes 'R$' + U+00A0 + digits.
const NBSP = '\u00A0';

describe('banner texts (spec 2.5)', () => {
  it('without cashback', () => {
    render(<BannerPage search="?amount=300" target={null} />);
    expect(screen.getByText(/^Pague no Pix/).textContent).toBe(
      `Pague no Pix Parcelado em 3x de R$${NBSP}100,00, com ou sem entrada, zero juros Entenda a Drip`,
    );
    expect(screen.getByRole('button', { name: 'Entenda a Drip' })).toBeTruthy();
  });

  it("with cashback: ' e {rate}% de cashback'", () => {
    render(<BannerPage search="?amount=1234.56&cashback_rate=0.05" target={null} />);
    expect(screen.getByText(/^Pague no Pix/).textContent).toBe(
      `Pague no Pix Parcelado em 3x de R$${NBSP}411,52, com ou sem entrada, zero juros e 5,00% de cashback Entenda a Drip`,
    );
  });

  it('a zero rate says nothing about cashback', () => {
    expect(bannerText(cents(30000), 0)).not.toContain('cashback');
  });

  it('names the amounts the plan charges: 3 equal ones as the spec says, else the first apart', () => {
    expect(bannerAmounts(cents(10000))).toEqual([3334, 3333, 3333]);
    expect(bannerText(cents(10000), 0)).toContain(`em 3x (1x R$${NBSP}33,34 + 2x R$${NBSP}33,33),`);
    expect(bannerText(cents(29990), 0)).toBe(
      `Pague no Pix Parcelado em 3x (1x R$${NBSP}99,98 + 2x R$${NBSP}99,96), com ou sem entrada, zero juros`,
    );
    expect(bannerText(cents(1000002), 0.125)).toBe(
      `Pague no Pix Parcelado em 3x de R$${NBSP}3.333,34, com ou sem entrada, zero juros e 12,50% de cashback`,
    );
  });

  it('parses reais exactly and rejects what is not an amount', () => {
    expect(parseBannerAmount('19.99')).toBe(1999);
    expect(parseBannerAmount('19,9')).toBe(1990);
    expect(parseBannerAmount('1.999')).toBeNull();
    expect(parseBannerAmount('0')).toBeNull();
    expect(parseBannerAmount('abc')).toBeNull();
    expect(parseBannerAmount(null)).toBeNull();
  });

  it('renders nothing without a valid amount', () => {
    const { container } = render(<BannerPage search="?amount=x" target={null} />);
    expect(container.textContent).toBe('');
  });

  it('reads cashback_rate as a fraction; junk and out-of-range count as 0', () => {
    expect(parseCashbackRate('0.05')).toBe(0.05);
    expect(parseCashbackRate('0,1')).toBe(0.1);
    expect(parseCashbackRate('5')).toBe(0);
    expect(parseCashbackRate('-0.1')).toBe(0);
    expect(parseCashbackRate('abc')).toBe(0);
    expect(parseCashbackRate(null)).toBe(0);
  });
});

describe('banner events', () => {
  it('posts resize on mount and clickOnLogo / clickOnLink to the parent', () => {
    const { target, posted, types } = recorder();
    render(<BannerPage search="?amount=300" target={target} />);
    expect(posted[0]).toEqual({ message: { type: 'resize', height: 0 } });
    fireEvent.click(screen.getByRole('button', { name: 'Drip' }));
    fireEvent.click(screen.getByRole('button', { name: 'Entenda a Drip' }));
    expect(types()).toEqual(['resize', 'clickOnLogo', 'clickOnLink']);
  });

  it('posts nothing when not framed', () => {
    render(<BannerPage search="?amount=300" />);
    // jsdom's window is its own parent: defaultWidgetTarget() is null, clicks are harmless.
    fireEvent.click(screen.getByRole('button', { name: 'Entenda a Drip' }));
    expect(screen.getByRole('button', { name: 'Entenda a Drip' })).toBeTruthy();
  });
});

describe('framed without the Drip SDK: plain postMessage to the parent window', () => {
  function frameIn() {
    const plain: unknown[] = [];
    const parent = {
      postMessage: (message: unknown, origin: string) => {
        // Penpal's handshake objects go to the same window; the spec's messages are bare strings.
        if (typeof message === 'string') plain.push([message, origin]);
      },
    };
    Object.defineProperty(window, 'parent', { value: parent, configurable: true });
    return plain;
  }
  afterEach(() => {
    Object.defineProperty(window, 'parent', { value: window, configurable: true });
  });

  it("banner: clickOnLogo and clickOnLink reach a parent that only listens to 'message'", () => {
    const plain = frameIn();
    render(<BannerPage search="?amount=300" />);
    fireEvent.click(screen.getByRole('button', { name: 'Drip' }));
    fireEvent.click(screen.getByRole('button', { name: 'Entenda a Drip' }));
    expect(plain).toEqual([
      ['clickOnLogo', '*'],
      ['clickOnLink', '*'],
    ]);
  });

  it('modal: the × and Escape post clickOnClose', () => {
    const plain = frameIn();
    render(<ExplainerPage search="" />);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(plain).toEqual([
      ['clickOnClose', '*'],
      ['clickOnClose', '*'],
    ]);
  });
});

describe('explainer modal (spec 2.5)', () => {
  it('headline, three steps, return policy and help contact; no cashback at 0', () => {
    render(<ExplainerPage search="" target={null} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Chegamos para mudar a forma como você compra',
    );
    const steps = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toEqual([
      'Compre em 3x sem juros no Pix',
      explainerMessages.stepShip,
      explainerMessages.stepPay,
    ]);
    expect(steps[1]).toContain('1 mês');
    expect(steps[2]).toContain('3 passos');
    expect(screen.getByText(explainerMessages.returnPolicy)).toBeTruthy();
    expect(screen.getByRole('link', { name: DRIP_SUPPORT_EMAIL }).getAttribute('href')).toBe(
      `mailto:${DRIP_SUPPORT_EMAIL}`,
    );
  });

  it('mentions the cashback when above 0', () => {
    render(<ExplainerPage search="?cashback_rate=0.03" target={null} />);
    expect(screen.getAllByRole('listitem')[0]?.textContent).toBe(
      'Compre em 3x sem juros no Pix e ganhe 3,00% de cashback',
    );
  });

  it('the × and Escape post clickOnClose; the logo clickOnLogo', () => {
    const { target, types } = recorder();
    render(<ExplainerPage search="" target={target} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    fireEvent.keyDown(window, { key: 'Escape' });
    fireEvent.keyDown(window, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Drip' }));
    expect(types()).toEqual(['resize', 'clickOnClose', 'clickOnClose', 'clickOnLogo']);
  });
});
