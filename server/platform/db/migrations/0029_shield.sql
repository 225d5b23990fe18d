-- Issue 36, Bouclier (docs/decisions/0050-scam-shield.md): the shield's tables, and three columns of
-- messages (all null for the messages before it: the CHECK and the partial index read them once).
CREATE TABLE "member_connections" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"country" text NOT NULL,
	"hosting" boolean DEFAULT false NOT NULL,
	CONSTRAINT "member_connections_user_id_day_country_pk" PRIMARY KEY("user_id","day","country"),
	CONSTRAINT "member_connections_country" CHECK ("member_connections"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "message_fingerprints" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"sender_id" text NOT NULL,
	"recipient_id" text NOT NULL,
	"simhash" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shield_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"score" real DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'clear' NOT NULL,
	"held_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"appeal" text,
	"appealed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shield_accounts_status" CHECK ("shield_accounts"."status" IN ('clear', 'hold', 'released', 'verify'))
);
--> statement-breakpoint
CREATE TABLE "shield_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "shield_settings_one_row" CHECK ("shield_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "shield_signals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"weight" real NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "shield" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "revealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "masked_content" text;--> statement-breakpoint
ALTER TABLE "member_connections" ADD CONSTRAINT "member_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_fingerprints" ADD CONSTRAINT "message_fingerprints_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_fingerprints" ADD CONSTRAINT "message_fingerprints_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shield_accounts" ADD CONSTRAINT "shield_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shield_accounts" ADD CONSTRAINT "shield_accounts_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shield_settings" ADD CONSTRAINT "shield_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shield_signals" ADD CONSTRAINT "shield_signals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shield_signals" ADD CONSTRAINT "shield_signals_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_fingerprints_sender_idx" ON "message_fingerprints" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "shield_accounts_queue_idx" ON "shield_accounts" USING btree ("held_at") WHERE "shield_accounts"."status" IN ('hold', 'verify');--> statement-breakpoint
CREATE INDEX "shield_signals_user_idx" ON "shield_signals" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shield_signals_message_idx" ON "shield_signals" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "messages_shield_idx" ON "messages" USING btree ("sender_id","created_at") WHERE "messages"."shield" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_shield" CHECK ("messages"."shield" IN ('held', 'waiting'));