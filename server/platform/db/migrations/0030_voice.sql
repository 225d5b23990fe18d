CREATE TABLE "voice_intros" (
	"user_id" text PRIMARY KEY NOT NULL,
	"prompt" text NOT NULL,
	"voice_key" text NOT NULL,
	"voice_type" text NOT NULL,
	"voice_ms" integer NOT NULL,
	"voice_bytes" integer NOT NULL,
	"voice_peaks" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_intros_voice_key_unique" UNIQUE("voice_key"),
	CONSTRAINT "voice_intros_voice" CHECK ("voice_intros"."voice_type" IN ('audio/webm', 'audio/mp4') AND "voice_intros"."voice_ms" BETWEEN 1 AND 30000 AND "voice_intros"."voice_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_content_length";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "voice_key" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "voice_type" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "voice_ms" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "voice_bytes" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "voice_peaks" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "client_key" uuid;--> statement-breakpoint
ALTER TABLE "voice_intros" ADD CONSTRAINT "voice_intros_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_voice_key_idx" ON "messages" USING btree ("voice_key");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_key_idx" ON "messages" USING btree ("sender_id","client_key");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_voice" CHECK (("messages"."voice_key" IS NULL) = ("messages"."voice_type" IS NULL) AND ("messages"."voice_key" IS NULL) = ("messages"."voice_ms" IS NULL)
        AND ("messages"."voice_key" IS NULL) = ("messages"."voice_bytes" IS NULL) AND ("messages"."voice_key" IS NULL) = ("messages"."voice_peaks" IS NULL)
        AND "messages"."voice_type" IN ('audio/webm', 'audio/mp4') AND "messages"."voice_ms" BETWEEN 1 AND 120000 AND "messages"."voice_bytes" > 0);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_content_length" CHECK (("messages"."voice_key" IS NULL AND char_length("messages"."content") between 1 and 2000) OR ("messages"."voice_key" IS NOT NULL AND "messages"."content" = ''));