CREATE TABLE "debt_negotiation_list" (
	"cpf" text PRIMARY KEY NOT NULL,
	"type" text,
	"description" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trust_list" (
	"cpf" text PRIMARY KEY NOT NULL,
	"expires_on" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
