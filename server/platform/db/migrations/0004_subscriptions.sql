CREATE TYPE "public"."checkout_status" AS ENUM('pending', 'paid', 'failed', 'expired');--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"plan" text NOT NULL,
	"months" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"url" text,
	"status" "checkout_status" DEFAULT 'pending' NOT NULL,
	"return_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_provider_session_id_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "checkouts_amount_positive" CHECK ("checkouts"."amount" > 0 AND "checkouts"."months" > 0)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "subscription_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "checkout_id" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_user_idx" ON "checkouts" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_checkout_id_unique" UNIQUE("checkout_id");--> statement-breakpoint
-- Existing subscribed members get the end date of their running subscription.
UPDATE "profiles" p SET "subscription_ends_at" = s.end_date
FROM (SELECT user_id, max(end_date) AS end_date FROM "subscriptions"
      WHERE status = 'active' AND end_date > now() GROUP BY user_id) s
WHERE s.user_id = p.user_id AND p.account_status = 'subscribed';
