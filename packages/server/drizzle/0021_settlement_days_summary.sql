CREATE TABLE "settlement_days" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"entries" integer NOT NULL,
	"sales" bigint NOT NULL,
	"fees" bigint NOT NULL,
	"cancellations" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"scheduled" bigint NOT NULL,
	CONSTRAINT "settlement_days_merchant_id_day_pk" PRIMARY KEY("merchant_id","day")
);
--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD COLUMN "order_code" text;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD COLUMN "merchant_order_code" text;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD COLUMN "order_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "settlement_entries" ADD COLUMN "transfer_dates" text;--> statement-breakpoint
-- The rows written before: the facts of their order, and their shares' due dates in share order.
UPDATE "settlement_entries" e SET "order_code" = o."code", "merchant_order_code" = o."merchant_order_code",
	"order_created_at" = o."created_at", "customer_name" = c."name",
	"transfer_dates" = coalesce((SELECT string_agg(p."due_date"::text, ' ' ORDER BY p."seq") FROM "settlement_parts" p
		WHERE p."entry_id" = e."id"), '')
FROM "orders" o LEFT JOIN "customers" c ON c."id" = o."customer_id"
WHERE o."id" = e."order_id";--> statement-breakpoint
ALTER TABLE "settlement_entries" ALTER COLUMN "order_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_entries" ALTER COLUMN "merchant_order_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_entries" ALTER COLUMN "order_created_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "settlement_entries" ALTER COLUMN "transfer_dates" SET NOT NULL;--> statement-breakpoint
-- The daily summary of the rows written before (the same sums as SettlementService.addToDays).
INSERT INTO "settlement_days" ("merchant_id", "day", "entries", "sales", "fees", "cancellations", "payout", "scheduled")
SELECT e."merchant_id", e."day", count(*)::int,
	coalesce(sum(e."amount") FILTER (WHERE e."kind" = 'SALE'), 0), sum(e."fee_amount"),
	coalesce(sum(e."payout_amount") FILTER (WHERE e."kind" = 'CANCELLATION'), 0), sum(e."payout_amount"),
	coalesce(sum(p."open"), 0)
FROM "settlement_entries" e
LEFT JOIN (SELECT "entry_id", sum("amount") AS "open" FROM "settlement_parts" WHERE "payout_id" IS NULL
	GROUP BY "entry_id") p ON p."entry_id" = e."id"
GROUP BY e."merchant_id", e."day";
