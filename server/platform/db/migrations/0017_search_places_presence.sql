-- Issue 17. Presence: when the member was last active (written at most every two minutes per instance)
-- and whether they hide it; active_at is what others may see (null while hidden). The covering index
-- carries the places, languages and looking_for of the new search filters, and active_at, so the count
-- with any of them stays an index-only scan (docs/search-plans.md).
DROP INDEX "profiles_search_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "presence_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "active_at" timestamp with time zone GENERATED ALWAYS AS (CASE WHEN presence_hidden THEN NULL ELSE last_active_at END) STORED;--> statement-breakpoint
CREATE INDEX "profiles_activity_idx" ON "profiles" USING btree ("gender","active_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("gender",("account_status" = 'subscribed'),"created_at","id","account_status","birth_date","user_id","first_name","has_photo","interests","birth_date_confirmed","verified_at","country","origin_country","languages","looking_for","active_at");