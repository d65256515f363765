CREATE TABLE "billing_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"trial_days" integer NOT NULL,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"subscription_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_trials" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_events" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "billing_checkout_sessions" ADD CONSTRAINT "billing_checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_trials" ADD CONSTRAINT "billing_trials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_checkout_sessions_user_idx" ON "billing_checkout_sessions" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_checkout_sessions_subscription_idx" ON "billing_checkout_sessions" USING btree ("subscription_id");--> statement-breakpoint
-- Trials that began before this table: the first trialing subscription of each user holds their one trial.
INSERT INTO "billing_trials" ("user_id", "subscription_id", "started_at")
SELECT DISTINCT ON ("user_id") "user_id", "id", "updated_at" FROM "billing_subscriptions"
WHERE "trial_end" IS NOT NULL ORDER BY "user_id", "read_at";
