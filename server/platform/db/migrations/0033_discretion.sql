ALTER TABLE "profiles" ADD COLUMN "hide_from_country" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "hide_from_city" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "hide_from_origin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "neutral_notifications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_discreet_idx" ON "profiles" USING btree ("user_id") WHERE "profiles"."hide_from_country" OR "profiles"."hide_from_city" OR "profiles"."hide_from_origin";