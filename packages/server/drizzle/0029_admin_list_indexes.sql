-- The admin lists' searches find a part of a name or a document: trigram indexes (pg_trgm, in PostgreSQL's contrib
-- and in PGlite's). docs/benchmarks.md, admin lists.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "catalogue_stores_status_name_idx";--> statement-breakpoint
DROP INDEX "merchants_name_idx";--> statement-breakpoint
CREATE INDEX "catalogue_stores_name_idx" ON "catalogue_stores" USING btree (lower("name"),"id","name");--> statement-breakpoint
CREATE INDEX "catalogue_stores_name_trgm_idx" ON "catalogue_stores" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalogue_stores_status_idx" ON "catalogue_stores" USING btree ("status");--> statement-breakpoint
CREATE INDEX "merchants_name_trgm_idx" ON "merchants" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_cnpj_trgm_idx" ON "merchants" USING gin ("cnpj" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalogue_stores_status_name_idx" ON "catalogue_stores" USING btree ("status",lower("name"),"id","name");--> statement-breakpoint
CREATE INDEX "merchants_name_idx" ON "merchants" USING btree ("name","id");