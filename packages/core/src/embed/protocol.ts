/**
 * The messages the hosted checkout (checkout-ui, in the SDK's iframe) posts to the merchant page (spec 2.5,
 * DESIGN.md 2): `open` when it loads, `finished {status, url}` on the final result, `close` when the shopper
 * closes it. Typed once here; the SDK parses what it receives with `CheckoutEmbedMessage` and checks the origin.
 * Every message carries `source` and `version`, so that a parent can ignore other frames' traffic.
 */
import * as v from 'valibot';

export const PROTOCOL_VERSION = 1;
export const EMBED_MESSAGE_SOURCE = 'drip-checkout';

/** The final result of a checkout as the merchant page sees it. */
export const EMBED_FINISHED_STATUSES = ['OK', 'KO'] as const;
export type EmbedFinishedStatus = (typeof EMBED_FINISHED_STATUSES)[number];

const envelope = {
  source: v.literal(EMBED_MESSAGE_SOURCE),
  version: v.literal(PROTOCOL_VERSION),
  checkoutId: v.string(),
};

export const CheckoutEmbedMessage = v.variant('type', [
  v.object({ ...envelope, type: v.literal('open') }),
  v.object({
    ...envelope,
    type: v.literal('finished'),
    status: v.picklist(EMBED_FINISHED_STATUSES),
    /** resolveUrl when OK, cancelUrl (or null) when KO. */
    url: v.nullable(v.string()),
  }),
  v.object({ ...envelope, type: v.literal('close') }),
]);
export type CheckoutEmbedMessage = v.InferOutput<typeof CheckoutEmbedMessage>;
export type CheckoutEmbedMessageType = CheckoutEmbedMessage['type'];

type Payload<T extends CheckoutEmbedMessageType> = Omit<
  Extract<CheckoutEmbedMessage, { type: T }>,
  'source' | 'version' | 'type' | 'checkoutId'
>;

/** Builds a message with its envelope: `embedMessage('finished', 'c1', { status: 'OK', url })`. */
export function embedMessage<T extends CheckoutEmbedMessageType>(
  type: T,
  checkoutId: string,
  payload: Payload<T>,
): CheckoutEmbedMessage {
  return v.parse(CheckoutEmbedMessage, {
    source: EMBED_MESSAGE_SOURCE,
    version: PROTOCOL_VERSION,
    type,
    checkoutId,
    ...payload,
  });
}

/** The message in `data` when it is one of ours, else null (for the SDK's `message` listener). */
export function parseEmbedMessage(data: unknown): CheckoutEmbedMessage | null {
  const parsed = v.safeParse(CheckoutEmbedMessage, data);
  return parsed.success ? parsed.output : null;
}
