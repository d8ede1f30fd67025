ALTER TABLE "customers" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
-- Customers already trusted before the column existed (an order, or a checkout whose payer-CPF Pix matched): their
-- phone on file counts as verified. Every other customer must prove the CPF again (docs/identity.md).
UPDATE "customers" SET "phone_verified_at" = "updated_at" WHERE EXISTS (SELECT 1 FROM "orders" o WHERE o."customer_id" = "customers"."id") OR EXISTS (SELECT 1 FROM "checkouts" c WHERE c."customer_id" = "customers"."id" AND c."payer_verified_at" IS NOT NULL);
