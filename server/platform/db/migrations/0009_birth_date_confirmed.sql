-- Hand-edited after drizzle-kit generate (docs/decisions/0010-onboarding-and-birth-date.md): the two
-- columns are added with the value existing rows need as their default, which PostgreSQL records
-- without rewriting the table, then only the rows that differ are updated and the defaults for new
-- rows are set. Existing birth dates count as confirmed unless they are the SPEC default 2000-01-01;
-- existing members have finished the guided first profile unless theirs lacks an essential.
ALTER TABLE "profiles" ADD COLUMN "birth_date_confirmed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "profiles" SET "birth_date_confirmed" = false WHERE "birth_date" = '2000-01-01';--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "birth_date_confirmed" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "onboarding_step" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
UPDATE "profiles" SET "onboarding_step" = 0
  WHERE "first_name" = '' OR "gender" IS NULL OR "country" = '' OR NOT "birth_date_confirmed";--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "onboarding_step" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_onboarding_step" CHECK ("profiles"."onboarding_step" BETWEEN 0 AND 3);--> statement-breakpoint
-- Search hides unconfirmed members; the count stays an index-only scan (docs/search-plans.md)
-- because the covering index carries the new column at the end of its payload.
DROP INDEX "profiles_search_idx";--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("gender",("account_status" = 'subscribed'),"created_at","id","account_status","birth_date","user_id","first_name","has_photo","interests","birth_date_confirmed");
