-- Favourites (decision 283): one row per traveller, home airports, favourite origins and remembered filters.
CREATE TABLE "favourites" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"home_airports" text[] DEFAULT '{}'::text[] NOT NULL,
	"favourite_airports" text[] DEFAULT '{}'::text[] NOT NULL,
	"filters" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;