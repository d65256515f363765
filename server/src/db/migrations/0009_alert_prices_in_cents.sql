ALTER TABLE "notifications" RENAME COLUMN "max_price" TO "max_price_cents";--> statement-breakpoint
ALTER TABLE "notifications" RENAME COLUMN "found_price" TO "found_price_cents";--> statement-breakpoint
-- An open alert below the product's $1 minimum (accepted before the rule, or rounded to $0) stops being checked rather than watch a price its owner never asked for; every such alert is raised to $1 so the check below holds.
UPDATE "notifications" SET "is_active" = false WHERE "max_price_cents" < 1 AND NOT "is_completed";--> statement-breakpoint
UPDATE "notifications" SET "max_price_cents" = 1 WHERE "max_price_cents" < 1;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "max_price_cents" SET DATA TYPE integer USING round("max_price_cents" * 100)::integer;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "found_price_cents" SET DATA TYPE integer USING round("found_price_cents" * 100)::integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_max_price_cents_min" CHECK ("notifications"."max_price_cents" >= 100);
