CREATE TABLE "checkout_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"feedback" text NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"merchant_order_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"products" jsonb NOT NULL,
	"prefill" jsonb,
	"resolve_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text NOT NULL,
	"phase" text NOT NULL,
	"ko_reason" text,
	"ko_variables" jsonb,
	"customer_data" jsonb,
	"customer_id" uuid,
	"token_hash" text,
	"token_channel" text,
	"token_sent_at" timestamp with time zone,
	"token_expires_at" timestamp with time zone,
	"token_attempts" integer DEFAULT 0 NOT NULL,
	"token_verified_at" timestamp with time zone,
	"verification_pix" jsonb,
	"payer_cpf" text,
	"payer_bank_code" text,
	"payer_verified_at" timestamp with time zone,
	"first_instalment_pix" jsonb,
	"full_amount_pix" jsonb,
	"credit_decision_id" uuid,
	"available_limit" bigint,
	"total_instalments" integer,
	"first_due_date" date,
	"upfront" text,
	"waitlist_status" text,
	"order_id" uuid,
	"canceled_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"customer_id" uuid,
	"merchant_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"amount" bigint NOT NULL,
	"limit" bigint NOT NULL,
	"available" bigint NOT NULL,
	"bureau_score" integer NOT NULL,
	"antifraud_score" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fraud_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"reason" text DEFAULT 'DEFAULT' NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"merchant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_merchant_id_key_pk" PRIMARY KEY("merchant_id","key")
);
--> statement-breakpoint
CREATE TABLE "instalment_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instalment_id" uuid NOT NULL,
	"order_product_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instalments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"cashback_amount" bigint DEFAULT 0 NOT NULL,
	"fees_amount" bigint DEFAULT 0 NOT NULL,
	"canceled_amount" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"paid_at" timestamp with time zone,
	"payment_charge_id" uuid
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"order_id" uuid,
	"instalment_id" uuid,
	"checkout_id" uuid,
	"charge_id" uuid,
	"customer_id" uuid,
	"merchant_id" uuid,
	"memo" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_cashbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"ratio" double precision NOT NULL,
	"expiration_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_amount" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"canceled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"checkout_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"merchant_order_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"canceled_amount" bigint DEFAULT 0 NOT NULL,
	"financed_amount" bigint NOT NULL,
	"cashback_rate" double precision NOT NULL,
	"cashback_amount" bigint NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pix_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"txid" text NOT NULL,
	"purpose" text NOT NULL,
	"reference_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"br_code" text NOT NULL,
	"location" text NOT NULL,
	"description" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"payer_cpf" text,
	"payer_name" text,
	"payer_bank_code" text,
	"payer_ispb" text,
	"end_to_end_id" text,
	"refund_reason" text,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "pix_charges_txid_unique" UNIQUE("txid"),
	CONSTRAINT "pix_charges_end_to_end_id_unique" UNIQUE("end_to_end_id")
);
--> statement-breakpoint
CREATE TABLE "pix_payments" (
	"end_to_end_id" text PRIMARY KEY NOT NULL,
	"txid" text NOT NULL,
	"charge_id" uuid,
	"amount" bigint NOT NULL,
	"outcome" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"raw" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pix_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"charge_id" uuid NOT NULL,
	"end_to_end_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psp_sandbox_cobs" (
	"txid" text PRIMARY KEY NOT NULL,
	"revisao" integer DEFAULT 0 NOT NULL,
	"location" text NOT NULL,
	"status" text NOT NULL,
	"valor" bigint NOT NULL,
	"chave" text NOT NULL,
	"expiracao" integer NOT NULL,
	"devedor_cpf" text,
	"devedor_nome" text,
	"solicitacao_pagador" text,
	"pix_copia_e_cola" text NOT NULL,
	"criacao" timestamp with time zone NOT NULL,
	CONSTRAINT "psp_sandbox_cobs_location_unique" UNIQUE("location")
);
--> statement-breakpoint
CREATE TABLE "psp_sandbox_devolucoes" (
	"key" text PRIMARY KEY NOT NULL,
	"end_to_end_id" text NOT NULL,
	"id" text NOT NULL,
	"rtr_id" text NOT NULL,
	"valor" bigint NOT NULL,
	"status" text NOT NULL,
	"solicitacao" timestamp with time zone NOT NULL,
	"liquidacao" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "psp_sandbox_pix" (
	"end_to_end_id" text PRIMARY KEY NOT NULL,
	"txid" text NOT NULL,
	"valor" bigint NOT NULL,
	"horario" timestamp with time zone NOT NULL,
	"pagador_cpf" text NOT NULL,
	"pagador_nome" text NOT NULL,
	"ispb" text NOT NULL,
	"bank_code" text NOT NULL,
	"info_pagador" text,
	"webhook_delivered" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instalment_products" ADD CONSTRAINT "instalment_products_instalment_id_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."instalments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_products" ADD CONSTRAINT "instalment_products_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_merchant_code_uq" ON "checkouts" USING btree ("merchant_id","merchant_order_code");--> statement-breakpoint
CREATE INDEX "checkouts_status_expires_idx" ON "checkouts" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "checkouts_customer_idx" ON "checkouts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "credit_decisions_checkout_idx" ON "credit_decisions" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "credit_decisions_customer_idx" ON "credit_decisions" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fraud_blocks_kind_value_uq" ON "fraud_blocks" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "instalment_products_instalment_idx" ON "instalment_products" USING btree ("instalment_id");--> statement-breakpoint
CREATE INDEX "instalment_products_product_idx" ON "instalment_products" USING btree ("order_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instalments_order_number_uq" ON "instalments" USING btree ("order_id","number");--> statement-breakpoint
CREATE INDEX "instalments_status_due_idx" ON "instalments" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_checkout_idx" ON "ledger_entries" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "merchant_cashbacks_merchant_idx" ON "merchant_cashbacks" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "order_products_order_idx" ON "order_products" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_code_uq" ON "orders" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_uq" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","status");--> statement-breakpoint
CREATE INDEX "orders_merchant_idx" ON "orders" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "pix_charges_reference_idx" ON "pix_charges" USING btree ("purpose","reference_id","created_at");--> statement-breakpoint
CREATE INDEX "pix_charges_active_expiry_idx" ON "pix_charges" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "pix_payments_txid_idx" ON "pix_payments" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "pix_refunds_charge_idx" ON "pix_refunds" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "pix_refunds_status_idx" ON "pix_refunds" USING btree ("status");--> statement-breakpoint
CREATE INDEX "psp_sandbox_pix_txid_idx" ON "psp_sandbox_pix" USING btree ("txid");