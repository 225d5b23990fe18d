-- Issue 17. The rare-filter indexes end with the birth date: with an age range, the planner AND-ed
-- profiles_birth_date_idx (every member of those ages, ~180,000 entries at 1,000,000 profiles,
-- ~18 ms) with the few of a place; now the range is a condition in the place's own index.
DROP INDEX "profiles_place_idx";--> statement-breakpoint
DROP INDEX "profiles_origin_idx";--> statement-breakpoint
CREATE INDEX "profiles_place_idx" ON "profiles" USING btree ("gender","country",coalesce(nullif("origin_country", ''), "country"),"birth_date");--> statement-breakpoint
CREATE INDEX "profiles_origin_idx" ON "profiles" USING btree ("gender",coalesce(nullif("origin_country", ''), "country"),"birth_date");