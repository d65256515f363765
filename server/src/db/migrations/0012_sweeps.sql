CREATE TABLE "sweep_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"due" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"routes" integer DEFAULT 0 NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"from_cache" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped_budget" integer DEFAULT 0 NOT NULL,
	"skipped_claimed" integer DEFAULT 0 NOT NULL,
	"stopped_by_breaker" boolean DEFAULT false NOT NULL,
	"duration_ms" integer
);
--> statement-breakpoint
CREATE TABLE "sweep_slots" (
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"travel_date" date NOT NULL,
	"last_swept_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"claimed_by" text,
	CONSTRAINT "sweep_slots_origin_destination_travel_date_pk" PRIMARY KEY("origin","destination","travel_date")
);
--> statement-breakpoint
CREATE INDEX "sweep_runs_started_at_idx" ON "sweep_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "sweep_slots_travel_date_idx" ON "sweep_slots" USING btree ("travel_date");