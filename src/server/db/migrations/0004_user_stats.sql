-- Counters leave users for user_stats (platform/stats.ts); logins are counted from sessions.
-- bets_placed and bets_won stay on users (see the comment at the column).
CREATE TABLE "user_stats" (
	"user_id" bigint NOT NULL,
	"stat" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_stats_user_id_stat_pk" PRIMARY KEY("user_id","stat")
);
--> statement-breakpoint
DROP INDEX "sessions_user_idx";--> statement-breakpoint
ALTER TABLE "user_stats" ADD CONSTRAINT "user_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_created_idx" ON "sessions" USING btree ("user_id","created_at");--> statement-breakpoint
-- Non-zero counters move; a missing row reads as zero.
INSERT INTO "user_stats" (user_id, stat, value)
SELECT u.id, c.stat, c.value
FROM "users" u
CROSS JOIN LATERAL (VALUES
	('store_purchases', u.store_purchases),
	('tasks_completed', u.tasks_completed),
	('minefield_wins', u.minefield_wins),
	('puzzle_wins', u.puzzle_wins),
	('rps_wins', u.rps_wins),
	('frenzy_clicks', u.frenzy_clicks),
	('casino_wins', u.casino_wins),
	('achievements_claimed', u.achievements_claimed)
) AS c(stat, value)
WHERE c.value <> 0;
--> statement-breakpoint
-- Every login and registration so far counted one login and created one session in the same
-- transaction, and sessions are never deleted, so the counts already agree. Should a counter
-- exceed its sessions anyway, revoked placeholder sessions dated at the account's creation
-- keep the total (their token_hash is no SHA-256 hex, so no token can match them).
INSERT INTO "sessions" (token_hash, user_id, created_at, revoked_at)
SELECT 'legacy-login:' || u.id || ':' || g, u.id, u.created_at, u.created_at
FROM "users" u
CROSS JOIN LATERAL generate_series(1, u.logins - (SELECT count(*) FROM "sessions" s WHERE s.user_id = u.id)::int) AS g;
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "store_purchases";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "tasks_completed";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "minefield_wins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "puzzle_wins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "rps_wins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "frenzy_clicks";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "casino_wins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "achievements_claimed";
