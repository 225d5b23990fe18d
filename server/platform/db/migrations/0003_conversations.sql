ALTER TABLE "matches" ADD COLUMN "user1_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "user2_opened_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_sender_created_idx" ON "messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("match_id","sender_id") WHERE "messages"."read_at" IS NULL;