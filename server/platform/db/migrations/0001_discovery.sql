DROP INDEX "profiles_search_idx";--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "rejected_by" text;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_rejected_by_user_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("gender",("account_status" = 'subscribed'),"created_at","id");