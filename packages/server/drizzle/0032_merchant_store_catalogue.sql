ALTER TABLE "merchants" ADD COLUMN "category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;