CREATE TABLE "unreadable_page_notices" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone,
	"covered_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "unreadable_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"url" text NOT NULL,
	"status" integer NOT NULL,
	"content_type" text,
	"bytes" integer NOT NULL,
	"body" text NOT NULL,
	"truncated" boolean NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "unreadable_pages_seen_at_idx" ON "unreadable_pages" USING btree ("seen_at");--> statement-breakpoint
-- Hand-written: the one notice row, claimed by `update ... where last_sent_at is null or last_sent_at <= ...`.
INSERT INTO "unreadable_page_notices" ("id") VALUES (1) ON CONFLICT DO NOTHING;
