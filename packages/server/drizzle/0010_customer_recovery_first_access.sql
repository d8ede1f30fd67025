CREATE TABLE "customer_access_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_recovery_links" ALTER COLUMN "merchant_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_access_links" ADD CONSTRAINT "customer_access_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_access_links_customer_idx" ON "customer_access_links" USING btree ("customer_id");