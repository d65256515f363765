ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_fields";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "max_seats" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "legs" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "found_destination" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('price', 'window_open', 'origin_wide', 'seats', 'chain'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_fields" CHECK (("notifications"."kind" = 'price' and "notifications"."max_price_cents" is not null) or ("notifications"."kind" = 'window_open' and "notifications"."opens_at" is not null) or "notifications"."kind" = 'origin_wide' or ("notifications"."kind" = 'seats' and "notifications"."max_seats" is not null) or ("notifications"."kind" = 'chain' and "notifications"."legs" is not null));