CREATE TABLE "blackout_dates" (
	"date" date PRIMARY KEY NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routes" (
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routes_origin_destination_pk" PRIMARY KEY("origin","destination")
);
--> statement-breakpoint
CREATE INDEX "routes_destination_idx" ON "routes" USING btree ("destination");