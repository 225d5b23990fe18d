-- Issue 33: when a member's country of residence last changed. Null for the rows already there: their
-- country was declared before the FCFA prices by card were tied to it, and is taken as settled.
ALTER TABLE "profiles" ADD COLUMN "country_changed_at" timestamp with time zone;