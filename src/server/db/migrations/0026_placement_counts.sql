DROP TABLE "period_marks" CASCADE;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "placed_day" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "placed_in_day" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "placed_week" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "placed_in_week" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Today's and this week's placements so far (UTC; weeks from Monday), so the first read after
-- the upgrade is right. One pass over the week's wagers, once.
WITH "placed" AS (
	SELECT "user_id", "created_at" FROM "wagers" WHERE "created_at" >= date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
	UNION ALL
	SELECT "user_id", "created_at" FROM "parlays" WHERE "created_at" >= date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
), "counted" AS (
	SELECT "user_id",
		count(*) FILTER (WHERE "created_at" >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int AS "in_day",
		count(*)::int AS "in_week"
	FROM "placed" GROUP BY "user_id"
)
UPDATE "users" SET
	"placed_day" = (now() AT TIME ZONE 'UTC')::date, "placed_in_day" = "counted"."in_day",
	"placed_week" = date_trunc('week', now() AT TIME ZONE 'UTC')::date, "placed_in_week" = "counted"."in_week"
FROM "counted" WHERE "users"."id" = "counted"."user_id";
