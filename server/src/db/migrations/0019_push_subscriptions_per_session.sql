-- Generated, checked by hand (decision 246): each browser's push subscription belongs to the session that made it and
-- goes when that session ends. Subscriptions saved before this belong to no session the server can name, so they are
-- removed: a browser still subscribed saves its subscription again, under its current session, when /notifications
-- opens (or the traveller turns push on again).
DELETE FROM "push_subscriptions";--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id");