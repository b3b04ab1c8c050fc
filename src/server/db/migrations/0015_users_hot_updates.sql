-- Every wager, payout and transfer rewrites a users row. Without an index on balance and with
-- free space left on each page, those become heap-only updates: no index insert per update.
DROP INDEX "users_balance_idx";
--> statement-breakpoint
ALTER TABLE "users" SET (fillfactor = 90);
