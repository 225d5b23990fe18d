-- Issue 34: the search's default order puts members with a photo first — subscribers with a photo,
-- then the others with a photo, then members without one — then the newest. profiles_search_idx's
-- second key becomes that tier, so the page still walks the index in the order of the results.
DROP INDEX "profiles_search_idx";--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("gender",(CASE WHEN "has_photo" THEN CASE WHEN "account_status" = 'subscribed' THEN 2 ELSE 1 END ELSE 0 END),"created_at","id","account_status","birth_date","user_id","first_name","has_photo","interests","birth_date_confirmed","verified_at","country","origin_country","languages","looking_for","active_at");