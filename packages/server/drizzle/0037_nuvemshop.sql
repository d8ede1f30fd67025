CREATE TABLE "nuvemshop_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"order_id" text NOT NULL,
	"checkout_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"transaction_id" text,
	"pushed_state" text DEFAULT 'NONE' NOT NULL,
	"pushed_refunded" bigint DEFAULT 0 NOT NULL,
	"target_state" text DEFAULT 'PENDING' NOT NULL,
	"target_refunded" bigint DEFAULT 0 NOT NULL,
	"sync_status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nuvemshop_stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"access_token_enc" text NOT NULL,
	"scope" text NOT NULL,
	"payment_provider_id" text NOT NULL,
	"store_url" text NOT NULL,
	"installed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plugin_signup_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"code_hash" text NOT NULL,
	"status" text NOT NULL,
	"merchant_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "nuvemshop_orders_order_idx" ON "nuvemshop_orders" USING btree ("store_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nuvemshop_orders_checkout_idx" ON "nuvemshop_orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "nuvemshop_orders_open_idx" ON "nuvemshop_orders" USING btree ("checked_at") WHERE pushed_state <> 'VOIDED';--> statement-breakpoint
CREATE UNIQUE INDEX "nuvemshop_stores_store_idx" ON "nuvemshop_stores" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nuvemshop_stores_merchant_idx" ON "nuvemshop_stores" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plugin_signup_codes_code_idx" ON "plugin_signup_codes" USING btree ("platform","code_hash");