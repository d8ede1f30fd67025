// Types of server.mjs, for TypeScript callers (the e2e tests, scripts/start.mjs's type-checked neighbours).
export declare const PRODUCT: {
  name: string;
  description: string;
  amount: number;
  cashbackRate: number;
};

/** The exact Content-Security-Policy of the SDK README for a merchant page that uses Drip at `dripOrigin`. */
export declare function storeCsp(dripOrigin: string): string;

export interface DemoStoreOptions {
  /** Default PORT_DEMO_STORE or 3100; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The Drip server; default DRIP_URL or http://localhost:3000. */
  dripUrl?: string;
  /** Merchant API key; default DRIP_MERCHANT_API_KEY, else the sandbox's first merchant. */
  apiKey?: string;
  log?: (line: string) => void;
}

export interface DemoStore {
  /** http://127.0.0.1:{port} */
  url: string;
  port: number;
  close(): Promise<void>;
}

export declare function startDemoStore(options?: DemoStoreOptions): Promise<DemoStore>;
