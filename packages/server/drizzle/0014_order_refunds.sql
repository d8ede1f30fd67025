CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"requested_amount" bigint NOT NULL,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"dedupe_key" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"returned_amount" bigint DEFAULT 0 NOT NULL,
	"canceled_cashback_amount" bigint DEFAULT 0 NOT NULL,
	"rejection_reason" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "instalments" ADD COLUMN "canceled_cashback_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_refunds_merchant_processed_idx" ON "order_refunds" USING btree ("merchant_id","processed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_pending_uq" ON "order_refunds" USING btree ("order_id","dedupe_key") WHERE status = 'PENDING';