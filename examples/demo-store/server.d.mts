// Types of server.mjs, for TypeScript callers (the e2e tests, scripts/start.mjs's type-checked neighbours).
export declare const PRODUCT: {
  name: string;
  description: string;
  amount: number;
};

/** The sandbox merchant the store sells for when no API key is given ('Casa Pitanga'). */
export declare const SANDBOX_MERCHANT: string;

/** A merchant's terms as Drip's public simulator gives them. */
export interface MerchantTerms {
  cashbackRate: number;
  maxInstalments: number;
  flexibleInstallments: boolean;
}

/** What the product page says of paying with Drip ('Em 3x sem juros no Pix, com 2,00% de cashback'), or null. */
export declare function termsText(terms: MerchantTerms | null): string | null;

/** The exact Content-Security-Policy of the SDK README for a merchant page that uses Drip at `dripOrigin`. */
export declare function storeCsp(dripOrigin: string): string;

export interface DemoStoreOptions {
  /** Default PORT_DEMO_STORE or 3100; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The Drip server; default DRIP_URL or http://localhost:3000. */
  dripUrl?: string;
  /** Merchant API key; default DRIP_MERCHANT_API_KEY, else the sandbox's Casa Pitanga. */
  apiKey?: string;
  /** The merchant's id at Drip (with `apiKey`; for its terms); default DRIP_MERCHANT_ID. */
  merchantId?: string;
  log?: (line: string) => void;
}

export interface DemoStore {
  /** http://127.0.0.1:{port} */
  url: string;
  port: number;
  close(): Promise<void>;
}

export declare function startDemoStore(options?: DemoStoreOptions): Promise<DemoStore>;
