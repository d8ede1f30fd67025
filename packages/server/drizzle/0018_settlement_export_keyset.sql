DROP INDEX "settlement_entries_merchant_day_idx";--> statement-breakpoint
CREATE INDEX "settlement_entries_merchant_day_id_idx" ON "settlement_entries" USING btree ("merchant_id","day","id");