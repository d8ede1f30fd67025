CREATE TABLE "nuvemshop_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"event" text NOT NULL,
	"resource_id" text NOT NULL,
	"outcome" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_emulator_state" (
	"name" text PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "nuvemshop_webhooks_event_idx" ON "nuvemshop_webhooks" USING btree ("store_id","event","resource_id");