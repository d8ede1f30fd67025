CREATE TABLE "negotiation_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"cpf" text NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unique_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"instalment_ids" uuid[] NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instalments" ADD COLUMN "late_fee_waived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unique_payments" ADD CONSTRAINT "unique_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "negotiation_requests_customer_uq" ON "negotiation_requests" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "unique_payments_order_idx" ON "unique_payments" USING btree ("order_id","created_at");