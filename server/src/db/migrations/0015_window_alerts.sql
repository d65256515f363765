ALTER TABLE "notifications" ALTER COLUMN "max_price_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text DEFAULT 'price' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "window_result" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "found_seats" integer;--> statement-breakpoint
CREATE INDEX "notifications_window_due_idx" ON "notifications" USING btree ("opens_at") WHERE "notifications"."kind" = 'window_open' and "notifications"."is_active" and not "notifications"."is_completed";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('price', 'window_open'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_fields" CHECK (("notifications"."kind" = 'price' and "notifications"."max_price_cents" is not null) or ("notifications"."kind" = 'window_open' and "notifications"."opens_at" is not null));