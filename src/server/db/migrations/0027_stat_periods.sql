ALTER TABLE "user_stats" ADD COLUMN "day" date;--> statement-breakpoint
ALTER TABLE "user_stats" ADD COLUMN "in_day" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_stats" ADD COLUMN "week" date;--> statement-breakpoint
ALTER TABLE "user_stats" ADD COLUMN "in_week" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Today's and this week's purchases so far (UTC; weeks from Monday), so the first read after the
-- upgrade is right. The other counters start their periods at their next bump: only purchases
-- are read per period (tasks).
WITH "counted" AS (
	SELECT "user_id",
		count(*) FILTER (WHERE "created_at" >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS "in_day",
		count(*) AS "in_week"
	FROM "purchases" WHERE "created_at" >= date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
	GROUP BY "user_id"
)
UPDATE "user_stats" SET
	"day" = (now() AT TIME ZONE 'UTC')::date, "in_day" = "counted"."in_day",
	"week" = date_trunc('week', now() AT TIME ZONE 'UTC')::date, "in_week" = "counted"."in_week"
FROM "counted" WHERE "user_stats"."user_id" = "counted"."user_id" AND "user_stats"."stat" = 'store_purchases';
