-- Payments from Africa (docs/decisions/0012-payments-in-africa.md). The new enum value is not used in
-- this migration: PostgreSQL refuses a value added in the same transaction.
ALTER TYPE "public"."checkout_status" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "operator" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "check_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "operator" text;--> statement-breakpoint
CREATE INDEX "checkouts_due_check_idx" ON "checkouts" USING btree ("next_check_at") WHERE "checkouts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "checkouts_created_idx" ON "checkouts" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_currency" CHECK ("checkouts"."currency" IN ('EUR', 'XOF', 'XAF'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_method" CHECK ("checkouts"."method" IN ('card', 'mobile-money'));--> statement-breakpoint
-- Hand-added: the payments made before this migration were all by card (Stripe) or its demo.
UPDATE "subscriptions" SET "method" = 'card' WHERE "provider" IN ('stripe', 'demo');
