-- Issue 34: the copy writes the typographic apostrophe (’, U+2019), the country names too
-- (« Côte d’Ivoire »): the countries members chose are stored as the list now spells them. The API
-- still accepts a name typed with a typewriter apostrophe (domain/profile.ts).
UPDATE "profiles" SET "country" = replace("country", '''', '’') WHERE "country" LIKE '%''%';--> statement-breakpoint
UPDATE "profiles" SET "origin_country" = replace("origin_country", '''', '’') WHERE "origin_country" LIKE '%''%';
