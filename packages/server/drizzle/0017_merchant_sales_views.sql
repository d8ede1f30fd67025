ALTER TABLE "checkouts" ADD COLUMN "creator_email" text;--> statement-breakpoint
CREATE INDEX "checkouts_merchant_created_idx" ON "checkouts" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "checkouts_merchant_status_created_idx" ON "checkouts" USING btree ("merchant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "checkouts_merchant_amount_idx" ON "checkouts" USING btree ("merchant_id","amount");--> statement-breakpoint
CREATE INDEX "checkouts_merchant_code_prefix_idx" ON "checkouts" USING btree ("merchant_id","merchant_order_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "checkouts_merchant_customer_name_idx" ON "checkouts" USING btree ("merchant_id",lower("customer_data"->>'customerName') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "checkouts_merchant_links_idx" ON "checkouts" USING btree ("merchant_id","created_at") WHERE "checkouts"."creator_email" is not null;