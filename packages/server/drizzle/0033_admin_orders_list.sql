CREATE INDEX "customers_email_lower_idx" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_merchant_status_created_idx" ON "orders" USING btree ("merchant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_merchant_order_code_idx" ON "orders" USING btree ("merchant_order_code");