ALTER TABLE "search_logs" ADD COLUMN "outcome" text DEFAULT 'complete' NOT NULL;--> statement-breakpoint
ALTER TABLE "search_logs" ADD COLUMN "charged" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "search_logs" ADD COLUMN "destinations_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search_logs" ADD COLUMN "destinations_checked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search_logs" ADD COLUMN "destinations_failed" integer DEFAULT 0 NOT NULL;