CREATE TABLE "admins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admins_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"entity_type" text,
	"entity_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"cpf" text NOT NULL,
	"phone" text NOT NULL,
	"birth_date" date,
	"address_cep" text,
	"address_street" text,
	"address_number" text,
	"address_complement" text,
	"address_neighborhood" text,
	"address_city" text,
	"address_state" text,
	"is_on_debt_negotiation" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_recovery_links" (
	"recovery_id" text PRIMARY KEY NOT NULL,
	"merchant_user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"post" text,
	"password_hash" text NOT NULL,
	"authentication_preference" text DEFAULT 'SMS' NOT NULL,
	"communications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"legal_name" text,
	"cnpj" text,
	"malga_client_id" text,
	"initials" text NOT NULL,
	"settlement_platform" text,
	"integration_type" text,
	"ecomm_platform" text,
	"upfront_payment_status" text DEFAULT 'DISABLED' NOT NULL,
	"orders_phone" text,
	"api_key" text NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"settlement_payment_type" text DEFAULT 'BUSINESS_DAYS_ONLY' NOT NULL,
	"payment_platform" text DEFAULT 'DRIP_STARKBANK' NOT NULL,
	"customer_limit" bigint,
	"settlement_when_instalment_paid" boolean DEFAULT false NOT NULL,
	"cancel_max_days" integer,
	"representative_name" text,
	"representative_birthdate" date,
	"representative_cpf" text,
	"representative_email" text,
	"address_street" text,
	"address_number" text,
	"address_cep" text,
	"address_complement" text,
	"address_neighborhood" text,
	"address_city" text,
	"address_state" text,
	"pix_key" text,
	"pix_key_type" text,
	"bank_legal_name" text,
	"bank_code" text,
	"bank_account_type_code" text,
	"bank_account_agency_number" text,
	"bank_account_number" text,
	"bank_account_number_digit" text,
	"max_amount_per_order" bigint,
	"vtex_app_key" text,
	"vtex_app_token" text,
	"skip_antifraud" boolean DEFAULT false NOT NULL,
	"skip_protected_score" boolean DEFAULT false NOT NULL,
	"skip_fraudulent_phone" boolean DEFAULT false NOT NULL,
	"skip_fraudulent_cpf" boolean DEFAULT false NOT NULL,
	"skip_fraudulent_address_cep" boolean DEFAULT false NOT NULL,
	"skip_fraudulent_bank_code" boolean DEFAULT false NOT NULL,
	"skip_order_amount_rule" boolean DEFAULT false NOT NULL,
	"flexible_installments" boolean DEFAULT false NOT NULL,
	"limit_instalments_by_checkout" boolean DEFAULT false NOT NULL,
	"max_instalments" integer DEFAULT 3 NOT NULL,
	"logo" text,
	"logo_b2b" text,
	"logo_brand" text,
	"store_url" text,
	"allowed_embed_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"code" text,
	"link" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audience" text NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"subject" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_recovery_links" ADD CONSTRAINT "merchant_recovery_links_merchant_user_id_merchant_users_id_fk" FOREIGN KEY ("merchant_user_id") REFERENCES "public"."merchant_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_users" ADD CONSTRAINT "merchant_users_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_type","actor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_cpf_uq" ON "customers" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_users_email_uq" ON "merchant_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "merchant_users_phone_idx" ON "merchant_users" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "merchant_users_merchant_idx" ON "merchant_users" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_api_key_uq" ON "merchants" USING btree ("api_key");--> statement-breakpoint
CREATE INDEX "merchants_name_idx" ON "merchants" USING btree ("name");--> statement-breakpoint
CREATE INDEX "outbox_messages_to_idx" ON "outbox_messages" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_seq_idx" ON "outbox_messages" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("audience","user_id");--> statement-breakpoint
CREATE INDEX "verification_codes_subject_idx" ON "verification_codes" USING btree ("purpose","subject","created_at");