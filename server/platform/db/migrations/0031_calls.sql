CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"caller_id" text NOT NULL,
	"callee_id" text NOT NULL,
	"video" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ring_expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"outcome" text,
	"ended_by" text,
	"caller_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"callee_seen_at" timestamp with time zone,
	"offer_sdp" text,
	"answer_sdp" text,
	CONSTRAINT "calls_not_self" CHECK ("calls"."caller_id" <> "calls"."callee_id"),
	CONSTRAINT "calls_outcome" CHECK (("calls"."ended_at" IS NULL) = ("calls"."outcome" IS NULL)
        AND "calls"."outcome" IN ('missed', 'declined', 'cancelled', 'ended', 'failed', 'ended_by_safety'))
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_content_length";--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "user1_calls" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "user2_calls" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "call_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "call_outcome" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "call_video" boolean;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "call_ms" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "seen_on_call_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_caller_id_user_id_fk" FOREIGN KEY ("caller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_callee_id_user_id_fk" FOREIGN KEY ("callee_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_open_match_idx" ON "calls" USING btree ("match_id") WHERE "calls"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "calls_open_caller_idx" ON "calls" USING btree ("caller_id") WHERE "calls"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "calls_open_callee_idx" ON "calls" USING btree ("callee_id") WHERE "calls"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "calls_match_created_idx" ON "calls" USING btree ("match_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_call_idx" ON "messages" USING btree ("call_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_call" CHECK (("messages"."call_id" IS NULL) = ("messages"."call_outcome" IS NULL) AND ("messages"."call_id" IS NULL) = ("messages"."call_video" IS NULL)
        AND "messages"."call_outcome" IN ('missed', 'declined', 'cancelled', 'ended', 'failed', 'ended_by_safety')
        AND "messages"."call_ms" >= 0 AND ("messages"."call_id" IS NULL OR "messages"."voice_key" IS NULL));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_content_length" CHECK (("messages"."voice_key" IS NULL AND "messages"."call_id" IS NULL AND char_length("messages"."content") between 1 and 2000)
        OR (("messages"."voice_key" IS NOT NULL OR "messages"."call_id" IS NOT NULL) AND "messages"."content" = ''));