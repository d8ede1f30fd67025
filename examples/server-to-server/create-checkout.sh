#!/usr/bin/env sh
# Creates a Drip checkout from a merchant backend with curl (POST /api/v1/merchant/checkouts).
#   DRIP_MERCHANT_API_KEY=sk_sandbox_... ./create-checkout.sh
#   DRIP_URL (default http://localhost:3000), AMOUNT (default 299.90), ORDER (default a new code).
# The Idempotency-Key makes a retry of the same order safe: the same key and body return the same checkout.
set -eu
DRIP_URL="${DRIP_URL:-http://localhost:3000}"
: "${DRIP_MERCHANT_API_KEY:?set DRIP_MERCHANT_API_KEY (sandbox: curl -s $DRIP_URL/sandbox/demo lists the merchants and their keys)}"
AMOUNT="${AMOUNT:-299.90}"
ORDER="${ORDER:-PEDIDO-$(date +%s)}"

curl --fail-with-body --silent --show-error \
  -X POST "$DRIP_URL/api/v1/merchant/checkouts" \
  -H "Authorization: Bearer $DRIP_MERCHANT_API_KEY" \
  -H "Idempotency-Key: $ORDER" \
  -H "Content-Type: application/json" \
  --data @- <<JSON
{
  "amount": $AMOUNT,
  "merchantOrderCode": "$ORDER",
  "products": [{ "name": "Cafeteira Pitanga Inox", "quantity": 1, "amount": $AMOUNT }],
  "resolveUrl": "https://loja.example/pedido/sucesso?pedido=$ORDER",
  "cancelUrl": "https://loja.example/pedido/cancelado?pedido=$ORDER"
}
JSON
echo
# Answer (201): {"id":"…","url":"$DRIP_URL/checkouts/…","expiresAt":"…"}
# Then: send the shopper to "url" (redirect), or open it in your page with the SDK: Drip.openCheckout(id, …).
# Read the status later: curl -H "Authorization: Bearer $DRIP_MERCHANT_API_KEY" $DRIP_URL/api/v1/merchant/checkouts/{id}
