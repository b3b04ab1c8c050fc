-- Settling a bet rewrites each of its wagers once (status, payout). Free space on every page
-- lets PostgreSQL do those as heap-only updates, skipping the index writes.
ALTER TABLE "wagers" SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "parlays" SET (fillfactor = 80);
