CREATE TABLE "job_periods" (
	"job" text PRIMARY KEY NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"claimed_by" text NOT NULL
);
