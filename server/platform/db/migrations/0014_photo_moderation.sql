CREATE TABLE "photo_hashes" (
	"photo_key" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_hashes_hash" CHECK ("photo_hashes"."hash" ~ '^[01]{64}$')
);
--> statement-breakpoint
CREATE TABLE "photo_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"photo_key" text NOT NULL,
	"reason" text NOT NULL,
	"score" real,
	"matched_user_id" text,
	"matched_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "photo_reviews_reason" CHECK ("photo_reviews"."reason" IN ('suggestive', 'reused')),
	CONSTRAINT "photo_reviews_status" CHECK ("photo_reviews"."status" IN ('pending', 'approved', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "photo_hashes" ADD CONSTRAINT "photo_hashes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_reviews" ADD CONSTRAINT "photo_reviews_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_reviews" ADD CONSTRAINT "photo_reviews_matched_user_id_user_id_fk" FOREIGN KEY ("matched_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_hashes_user_idx" ON "photo_hashes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "photo_reviews_pending_idx" ON "photo_reviews" USING btree ("created_at") WHERE "photo_reviews"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "photo_reviews_key_idx" ON "photo_reviews" USING btree ("photo_key");