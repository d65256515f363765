-- Hand-edited: the generated table, partitioned by month of travel date (decision 182); Drizzle cannot say PARTITION BY.
CREATE TABLE "flight_observations" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "flight_observations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"travel_date" date NOT NULL,
	"flight_number" text NOT NULL,
	"departure_time" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"go_wild_cents" integer,
	"go_wild_fare_type" text,
	"go_wild_seats" integer,
	"standard_cents" integer,
	"standard_seats" integer,
	"discount_den_cents" integer,
	"discount_den_seats" integer,
	CONSTRAINT "flight_observations_travel_date_id_pk" PRIMARY KEY("travel_date","id")
) PARTITION BY RANGE ("travel_date");
--> statement-breakpoint
CREATE TABLE "go_wild_openings" (
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"travel_date" date NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"offered" boolean NOT NULL,
	CONSTRAINT "go_wild_openings_origin_destination_travel_date_pk" PRIMARY KEY("origin","destination","travel_date")
);
--> statement-breakpoint
CREATE TABLE "observed_answers" (
	"origin" text NOT NULL,
	"travel_date" date NOT NULL,
	"destination" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"answer_hash" text NOT NULL,
	"flights" jsonb NOT NULL,
	"flight_count" integer NOT NULL,
	"go_wild_offered" boolean NOT NULL,
	"lowest_go_wild_cents" integer,
	"lowest_fare_cents" integer,
	"go_wild_seats" integer,
	CONSTRAINT "observed_answers_origin_travel_date_destination_pk" PRIMARY KEY("origin","travel_date","destination")
);
--> statement-breakpoint
CREATE INDEX "flight_observations_route_idx" ON "flight_observations" USING btree ("origin","destination","travel_date","first_seen_at");--> statement-breakpoint
CREATE INDEX "go_wild_openings_origin_idx" ON "go_wild_openings" USING btree ("origin","opens_at");--> statement-breakpoint
-- Hand-written (decision 182): a default partition for any date without its month's partition (the prune job keeps
-- the months ahead created, so it stays empty), and one partition per month from five months back to a year ahead.
CREATE TABLE "flight_observations_default" PARTITION OF "flight_observations" DEFAULT;--> statement-breakpoint
DO $$
DECLARE
  m date := date_trunc('month', current_date)::date - interval '5 months';
BEGIN
  WHILE m <= date_trunc('month', current_date)::date + interval '13 months' LOOP
    EXECUTE format(
      'CREATE TABLE IF NOT EXISTS %I PARTITION OF "flight_observations" FOR VALUES FROM (%L) TO (%L)',
      'flight_observations_' || to_char(m, 'YYYY_MM'), m, (m + interval '1 month')::date
    );
    m := (m + interval '1 month')::date;
  END LOOP;
END $$;
