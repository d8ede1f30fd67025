CREATE TABLE "merchant_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"rate_bps" integer NOT NULL,
	"expiration_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_fees_rate_ck" CHECK ("merchant_fees"."rate_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "merchant_settlement_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"transfer_delay_in_days" integer NOT NULL,
	"pay_all_in_one_settlement" boolean NOT NULL,
	"expiration_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_settlement_configurations_delay_ck" CHECK ("merchant_settlement_configurations"."transfer_delay_in_days" in (0, 5, 7, 15, 30, 45))
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"destination" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"amount" bigint NOT NULL,
	"fee_amount" bigint NOT NULL,
	"payout_amount" bigint NOT NULL,
	"fee_rate_bps" integer NOT NULL,
	"configuration_id" uuid,
	"key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlement_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"wait_for" text NOT NULL,
	"instalment_id" uuid,
	"offsets_part_id" uuid,
	"payout_id" uuid
);
--> statement-breakpoint
CREATE TABLE "settlement_payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"transfer_date" date NOT NULL,
	"parts_amount" bigint NOT NULL,
	"debt_in" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"debt_out" bigint NOT NULL,
	"status" text NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"provider_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "settlement_payouts_amounts_ck" CHECK ("settlement_payouts"."amount" >= 0 and "settlement_payouts"."debt_in" <= 0 and "settlement_payouts"."debt_out" <= 0)
);
--> statement-breakpoint
ALTER TABLE "settlement_parts" ADD CONSTRAINT "settlement_parts_entry_id_settlement_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."settlement_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_fees_merchant_idx" ON "merchant_fees" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "merchant_settlement_configurations_merchant_idx" ON "merchant_settlement_configurations" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_transfers_external_uq" ON "sandbox_transfers" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_entries_key_uq" ON "settlement_entries" USING btree ("key");--> statement-breakpoint
CREATE INDEX "settlement_entries_merchant_day_idx" ON "settlement_entries" USING btree ("merchant_id","day");--> statement-breakpoint
CREATE INDEX "settlement_entries_order_idx" ON "settlement_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "settlement_parts_open_idx" ON "settlement_parts" USING btree ("merchant_id","due_date") WHERE "settlement_parts"."payout_id" is null;--> statement-breakpoint
CREATE INDEX "settlement_parts_entry_idx" ON "settlement_parts" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "settlement_parts_order_idx" ON "settlement_parts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "settlement_parts_payout_idx" ON "settlement_parts" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_payouts_merchant_day_uq" ON "settlement_payouts" USING btree ("merchant_id","transfer_date");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_payouts_external_uq" ON "settlement_payouts" USING btree ("external_id");