-- Issue 33: refunds and chargebacks. A checkout keeps how much of its payment was refunded and its
-- chargeback (the provider's dispute id, open, won or lost); the subscription it paid for is
-- suspended while a chargeback is open and ends (« refunded ») once refunded in full or charged back.
-- And when a member's country of residence last changed: null for the rows already there, whose
-- country was declared before FCFA prices by card were tied to it, and is taken as settled.
ALTER TYPE "public"."subscription_status" ADD VALUE 'suspended';--> statement-breakpoint
ALTER TYPE "public"."subscription_status" ADD VALUE 'refunded';--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "dispute_id" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "country_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "checkouts_reversed_idx" ON "checkouts" USING btree ("reversed_at" DESC NULLS LAST) WHERE "checkouts"."reversed_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_refunded_amount" CHECK ("checkouts"."refunded_amount" BETWEEN 0 AND "checkouts"."amount");--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_dispute_status" CHECK ("checkouts"."dispute_status" IN ('open', 'won', 'lost'));