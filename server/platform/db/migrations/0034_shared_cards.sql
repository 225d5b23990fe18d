CREATE TABLE "shared_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"owner_id" text NOT NULL,
	"match_id" uuid NOT NULL,
	"member_id" text NOT NULL,
	"kind" text NOT NULL,
	"relative" text,
	"place" text,
	"meets_at" timestamp with time zone,
	"time_zone" text,
	"travel" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_viewed_at" timestamp with time zone,
	"word" text,
	"word_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_cards_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "shared_cards_not_self" CHECK ("shared_cards"."owner_id" <> "shared_cards"."member_id"),
	CONSTRAINT "shared_cards_lengths" CHECK (coalesce(length("shared_cards"."relative"), 0) <= 40 AND coalesce(length("shared_cards"."place"), 0) <= 200
        AND coalesce(length("shared_cards"."travel"), 0) <= 300 AND coalesce(length("shared_cards"."word"), 0) <= 1000),
	CONSTRAINT "shared_cards_kind" CHECK ("shared_cards"."kind" IN ('date', 'family')),
	CONSTRAINT "shared_cards_word_family" CHECK ("shared_cards"."word" IS NULL OR "shared_cards"."kind" = 'family')
);
--> statement-breakpoint
ALTER TABLE "shared_cards" ADD CONSTRAINT "shared_cards_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_cards" ADD CONSTRAINT "shared_cards_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_cards" ADD CONSTRAINT "shared_cards_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shared_cards_owner_idx" ON "shared_cards" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shared_cards_member_idx" ON "shared_cards" USING btree ("member_id");