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
}
