-- Issue 17: « Qui a vu mon profil ». One row per visitor and visited member (the last visit), none for a
-- member who browses invisibly (profiles.browse_invisibly).
CREATE TABLE "profile_visits" (
	"viewed_id" text NOT NULL,
	"viewer_id" text NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_visits_viewed_id_viewer_id_pk" PRIMARY KEY("viewed_id","viewer_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "browse_invisibly" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_visits" ADD CONSTRAINT "profile_visits_viewed_id_user_id_fk" FOREIGN KEY ("viewed_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_visits" ADD CONSTRAINT "profile_visits_viewer_id_user_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_visits_viewed_idx" ON "profile_visits" USING btree ("viewed_id","visited_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profile_visits_viewer_idx" ON "profile_visits" USING btree ("viewer_id");