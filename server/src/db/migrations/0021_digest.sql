CREATE TABLE "digest_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"period" text NOT NULL,
	"channel" text NOT NULL,
	"target_id" text NOT NULL,
	"target_label" text NOT NULL,
	"title" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"url" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"sending_attempt" integer,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digest_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"origins" text[] NOT NULL,
	"channels" text[] DEFAULT '{email}'::text[] NOT NULL,
	"frequency" text NOT NULL,
	"weekday" integer DEFAULT 1 NOT NULL,
	"local_hour" integer NOT NULL,
	"time_zone" text NOT NULL,
	"next_due_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"last_seen" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_settings_frequency" CHECK ("digest_settings"."frequency" in ('daily', 'weekly')),
	CONSTRAINT "digest_settings_hour" CHECK ("digest_settings"."local_hour" between 0 and 23),
	CONSTRAINT "digest_settings_weekday" CHECK ("digest_settings"."weekday" between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "digest_deliveries" ADD CONSTRAINT "digest_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digest_settings" ADD CONSTRAINT "digest_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "digest_deliveries_period_target_idx" ON "digest_deliveries" USING btree ("user_id","period","channel","target_id");--> statement-breakpoint
CREATE INDEX "digest_deliveries_due_idx" ON "digest_deliveries" USING btree ("next_attempt_at") WHERE "digest_deliveries"."delivered_at" is null and "digest_deliveries"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "digest_deliveries_held_idx" ON "digest_deliveries" USING btree ("locked_by") WHERE "digest_deliveries"."locked_until" is not null;--> statement-breakpoint
CREATE INDEX "digest_settings_due_idx" ON "digest_settings" USING btree ("next_due_at") WHERE "digest_settings"."enabled";