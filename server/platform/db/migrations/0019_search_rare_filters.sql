-- Issue 17. Indexes for search filters few members match (a small country, a rare language, where
-- one lives and comes from together): the count's rare-filter step reads them instead of walking
-- profiles_search_idx through a whole gender (docs/search-plans.md).
CREATE INDEX "profiles_place_idx" ON "profiles" USING btree ("gender","country",coalesce(nullif("origin_country", ''), "country"));--> statement-breakpoint
CREATE INDEX "profiles_origin_idx" ON "profiles" USING btree ("gender",coalesce(nullif("origin_country", ''), "country"));--> statement-breakpoint
CREATE INDEX "profiles_languages_gin" ON "profiles" USING gin ("languages");