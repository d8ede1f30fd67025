ALTER TABLE "order_refunds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
CREATE INDEX "job_queue_dead_idx" ON "job_queue" USING btree ("updated_at") WHERE status = 'DEAD';--> statement-breakpoint
CREATE INDEX "order_refunds_failed_idx" ON "order_refunds" USING btree ("processed_at") WHERE status = 'FAILED';