CREATE TABLE "check_in_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"check_in_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"alerted_at" timestamp with time zone,
	"all_clear_at" timestamp with time zone,
	CONSTRAINT "check_in_contacts_lengths" CHECK (length("check_in_contacts"."name") BETWEEN 1 AND 60 AND length("check_in_contacts"."email") <= 254)
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"match_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"grace_minutes" integer NOT NULL,
	"time_zone" text,
	"note" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"answered_at" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_status" CHECK ("check_ins"."status" IN ('waiting', 'ok', 'alerted', 'cancelled', 'withdrawn')),
	CONSTRAINT "check_ins_grace" CHECK ("check_ins"."grace_minutes" BETWEEN 5 AND 240),
	CONSTRAINT "check_ins_note" CHECK (coalesce(length("check_ins"."note"), 0) <= 300)
);
--> statement-breakpoint
ALTER TABLE "check_in_contacts" ADD CONSTRAINT "check_in_contacts_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_contacts_check_in_idx" ON "check_in_contacts" USING btree ("check_in_id");--> statement-breakpoint
CREATE INDEX "check_ins_owner_idx" ON "check_ins" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "check_ins_waiting_idx" ON "check_ins" USING btree ("due_at") WHERE "check_ins"."status" = 'waiting';