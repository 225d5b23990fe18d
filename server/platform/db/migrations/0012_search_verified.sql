-- Search « Profils vérifiés uniquement » (issue 16): the covering index carries verified_at at the end
-- of its payload, so the count with that filter stays an index-only scan (docs/search-plans.md).
DROP INDEX "profiles_search_idx";--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("gender",("account_status" = 'subscribed'),"created_at","id","account_status","birth_date","user_id","first_name","has_photo","interests","birth_date_confirmed","verified_at");