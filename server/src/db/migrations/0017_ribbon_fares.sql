-- Generated, checked by hand (decision 243): the ribbon's lowest fares, one row per route and travel date, and the
-- figures they replaced. Not partitioned: a row per change of a day's lowest fare, far fewer than flight states;
-- the prune job deletes them by travel date with the other observations.
CREATE TABLE "ribbon_fare_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ribbon_fare_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"travel_date" date NOT NULL,
	"lowest_fare_cents" integer NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ribbon_fares" (
	"origin" text NOT NULL,
	"travel_date" date NOT NULL,
	"destination" text NOT NULL,
	"lowest_fare_cents" integer NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ribbon_fares_origin_travel_date_destination_pk" PRIMARY KEY("origin","travel_date","destination")
);
--> statement-breakpoint
CREATE INDEX "ribbon_fare_history_route_idx" ON "ribbon_fare_history" USING btree ("origin","destination","travel_date","first_seen_at");--> statement-breakpoint
CREATE INDEX "ribbon_fare_history_travel_date_idx" ON "ribbon_fare_history" USING btree ("travel_date");