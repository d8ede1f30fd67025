import type { Shaped } from '../../db/shaped.ts';

/** Outgoing message ports. The sandbox adapters write to the outbox; real adapters (SMS gateway, SMTP) plug in here. */
export interface SmsMessage {
  /** E.164 phone. */
  to: string;
  body: string;
  /** The one-time code the message carries, if any (highlighted in the sandbox inbox). */
  code?: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  body: string;
  link?: string;
  code?: string;
}

export interface DeliveryResult {
  delivered: boolean;
}

export interface SmsPort {
  send(message: SmsMessage): Promise<DeliveryResult>;
}

export interface EmailPort {
  send(message: EmailMessage): Promise<DeliveryResult>;
}

export interface Notifications {
  sms: SmsPort;
  email: EmailPort;
  /**
   * Present when messages are delivered from the outbox table (the outbox adapters): a message stored in the same
   * statement as the caller's conditional write, so that it exists exactly when that write applied. An adapter
   * that calls a provider directly has none; its callers send after their write.
   */
  outbox?: OutboxStaging;
}

export interface OutboxStaging {
  /**
   * `insert into outbox_messages … select … from <guard>`: the message, stored only when the caller's CTE `guard`
   * returned a row. A shaped fragment (db/shaped.ts) whose placeholders start with `<name>_`.
   */
  insertIf(guard: string, name: string, message: StagedMessage): Shaped;
}

/** A message to store with a caller's write (an SMS has no subject nor link). */
export interface StagedMessage {
  channel: 'SMS' | 'EMAIL';
  /**
   * E.164 phone or e-mail; or `{ column }`: the recipient read from that column of the guard's row (already stored
   * normalised), so that a statement can message a user it looks up without the caller reading the address first.
   */
  to: string | { column: string };
  subject?: string | undefined;
  body: string;
  link?: string | undefined;
  code?: string | undefined;
}
