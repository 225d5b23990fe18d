-- Issue 17: where members live and come from. country stays the country of residence; the country of
-- origin and the city are optional ("" until given), « prêt(e) à déménager » is yes, maybe, no or not said.
ALTER TABLE "profiles" ADD COLUMN "origin_country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "relocate" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_relocate" CHECK ("profiles"."relocate" IN ('yes', 'maybe', 'no'));