-- Issue 17. Presence writes move `profiles` rows, and a moved row's page loses its all-visible bit:
-- the search count's index-only walk then reads the table for every entry on it until the next
-- vacuum. By default autovacuum waits for 20 % of the rows to change; at 1,000,000 profiles that
-- many presence writes made the rare searches 2–3 times slower (docs/search-plans.md, « Presence
-- and the search »). Vacuuming `profiles` after 2 % keeps its pages all-visible. A no-op on PGlite,
-- which has no autovacuum.
ALTER TABLE "profiles" SET (autovacuum_vacuum_scale_factor = 0.02);
