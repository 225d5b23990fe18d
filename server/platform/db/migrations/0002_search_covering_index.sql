DROP INDEX "profiles_search_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "has_photo" boolean GENERATED ALWAYS AS (cardinality(photos) > 0) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("gender",("account_status" = 'subscribed'),"created_at","id","account_status","birth_date","user_id","first_name","has_photo","interests");