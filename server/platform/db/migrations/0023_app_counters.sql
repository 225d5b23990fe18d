CREATE TABLE "attempt_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	CONSTRAINT "attempt_counters_window" CHECK ("attempt_counters"."expires_at" > "attempt_counters"."window_start")
);
--> statement-breakpoint
CREATE TABLE "used_totp_codes" (
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	"expires_at" bigint NOT NULL,
	CONSTRAINT "used_totp_codes_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
ALTER TABLE "used_totp_codes" ADD CONSTRAINT "used_totp_codes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempt_counters_expires_at_idx" ON "attempt_counters" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "used_totp_codes_expires_at_idx" ON "used_totp_codes" USING btree ("expires_at");--> statement-breakpoint
-- Used TOTP codes carried over from Better Auth's table (3 minutes from their use); the app's other
-- counters start afresh in attempt_counters.
INSERT INTO "used_totp_codes" ("user_id", "code", "expires_at")
SELECT split_part(substr("key", 15), ':', 1), split_part(substr("key", 15), ':', 2), "last_request" + 180000
FROM "rate_limit" r
WHERE "key" LIKE 'app:totp-used:%' AND EXISTS (SELECT 1 FROM "user" u WHERE u."id" = split_part(substr(r."key", 15), ':', 1))
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "rate_limit" WHERE "key" LIKE 'app:%';
