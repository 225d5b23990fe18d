CREATE TABLE "photo_renditions" (
	"photo_key" text PRIMARY KEY NOT NULL,
	"placeholder" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
