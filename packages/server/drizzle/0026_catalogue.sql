CREATE TABLE "catalogue_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_category_tags" (
	"category_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "catalogue_category_tags_category_id_tag_id_pk" PRIMARY KEY("category_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_store_categories" (
	"store_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "catalogue_store_categories_store_id_category_id_pk" PRIMARY KEY("store_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_store_tags" (
	"store_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "catalogue_store_tags_store_id_tag_id_pk" PRIMARY KEY("store_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"origin" text NOT NULL,
	"platform" text NOT NULL,
	"minimum_cashback_ppm" integer NOT NULL,
	"customer_cashback_ppm" integer NOT NULL,
	"tax_ppm" integer NOT NULL,
	"merchant_initials" text NOT NULL,
	"offer_pix_discount" boolean DEFAULT false NOT NULL,
	"integration_type" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"logo" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"priority" integer NOT NULL,
	"logo" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_categories" ADD CONSTRAINT "catalogue_categories_parent_id_catalogue_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."catalogue_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_category_tags" ADD CONSTRAINT "catalogue_category_tags_category_id_catalogue_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."catalogue_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_category_tags" ADD CONSTRAINT "catalogue_category_tags_tag_id_catalogue_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."catalogue_tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_store_categories" ADD CONSTRAINT "catalogue_store_categories_store_id_catalogue_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."catalogue_stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_store_categories" ADD CONSTRAINT "catalogue_store_categories_category_id_catalogue_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."catalogue_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_store_tags" ADD CONSTRAINT "catalogue_store_tags_store_id_catalogue_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."catalogue_stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_store_tags" ADD CONSTRAINT "catalogue_store_tags_tag_id_catalogue_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."catalogue_tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_categories_parent_idx" ON "catalogue_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "catalogue_stores_status_name_idx" ON "catalogue_stores" USING btree ("status",lower("name"));