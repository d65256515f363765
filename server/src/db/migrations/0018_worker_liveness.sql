-- Generated, checked by hand (decisions 247, 248): each process's heartbeat (job_workers) and each job's run
-- (job_runs), so what a dead process held is taken over within seconds instead of when a lease or the job queue's
-- expiry runs out; the outbox row's holder and the attempt handed to its channel.
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"resumed" boolean DEFAULT false NOT NULL,
	"rerun" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_workers" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "sending_attempt" integer;--> statement-breakpoint
CREATE INDEX "alert_deliveries_held_idx" ON "alert_deliveries" USING btree ("locked_by") WHERE "alert_deliveries"."locked_until" is not null;