CREATE TABLE "search_paid" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"search_key" text NOT NULL,
	CONSTRAINT "search_paid_user_id_day_search_key_pk" PRIMARY KEY("user_id","day","search_key")
);
--> statement-breakpoint
ALTER TABLE "search_paid" ADD CONSTRAINT "search_paid_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;