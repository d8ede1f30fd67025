CREATE TABLE "vtex_authorizations" (
	"token_sha256" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"return_url" text NOT NULL,
	"merchant_id" uuid,
	"code_sha256" text,
	"expires_at" timestamp with time zone NOT NULL,
	"signed_up_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vtex_authorizations_code_sha256_unique" UNIQUE("code_sha256")
);
--> statement-breakpoint
CREATE TABLE "vtex_credentials" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"app_token_sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vtex_credentials_app_key_unique" UNIQUE("app_key")
);
--> statement-breakpoint
CREATE TABLE "vtex_operations" (
	"merchant_id" uuid NOT NULL,
	"payment_id" text NOT NULL,
	"kind" text NOT NULL,
	"request_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"refund_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vtex_operations_merchant_id_payment_id_kind_request_id_pk" PRIMARY KEY("merchant_id","payment_id","kind","request_id")
);
--> statement-breakpoint
CREATE TABLE "vtex_payments" (
	"merchant_id" uuid NOT NULL,
	"payment_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"vtex_order_id" text NOT NULL,
	"reference" text NOT NULL,
	"checkout_id" uuid,
	"payment_url" text,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"drip_order_id" uuid,
	"callback_url" text NOT NULL,
	"return_url" text,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vtex_payments_merchant_id_payment_id_pk" PRIMARY KEY("merchant_id","payment_id")
);
--> statement-breakpoint
CREATE INDEX "vtex_payments_undecided_idx" ON "vtex_payments" USING btree ("status","created_at");