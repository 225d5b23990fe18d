CREATE INDEX "profiles_updated_idx" ON "profiles" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "profiles_first_name_idx" ON "profiles" USING btree ("first_name");--> statement-breakpoint
CREATE INDEX "profiles_birth_date_idx" ON "profiles" USING btree ("birth_date");--> statement-breakpoint
CREATE INDEX "subscriptions_end_idx" ON "subscriptions" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "subscriptions_status_created_idx" ON "subscriptions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "user_name_idx" ON "user" USING btree ("name");