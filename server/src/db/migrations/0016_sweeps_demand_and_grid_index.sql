CREATE TABLE "sweep_demand" (
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"travel_date" date NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"searches" integer NOT NULL,
	CONSTRAINT "sweep_demand_bucket_origin_destination_travel_date_pk" PRIMARY KEY("bucket","origin","destination","travel_date")
);
--> statement-breakpoint
DROP INDEX "go_wild_openings_origin_idx";--> statement-breakpoint
CREATE INDEX "go_wild_openings_origin_opens_idx" ON "go_wild_openings" USING btree ("origin","opens_at","destination","travel_date","offered");