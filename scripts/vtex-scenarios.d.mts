// Types of vtex-scenarios.mjs, for the server test that runs the replay in-process.
export const LIMIT_MS: number;

export interface CallbackReceiver {
  url(transactionId: string, paymentId: string): string;
  wait(paymentId: string, ms?: number): Promise<Record<string, unknown>>;
  close(): void;
}
export function callbackReceiver(): Promise<CallbackReceiver>;

export interface ScenarioResult {
  name: string;
  ok: boolean;
  outcome: string;
  /** The slowest connector answer of the scenario, in ms. */
  slowest: number;
  /** The scenario's duration, in ms. */
  total: number;
}
export function runScenarios(options: {
  base: string;
  receiver: CallbackReceiver;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  tick?: () => Promise<void>;
  onResult?: (result: ScenarioResult) => void;
}): Promise<ScenarioResult[]>;
