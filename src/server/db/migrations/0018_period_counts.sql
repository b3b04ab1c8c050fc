CREATE TABLE "wager_wins_daily" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"wins" integer NOT NULL,
	CONSTRAINT "wager_wins_daily_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "period_marks" (
	"at" timestamp with time zone PRIMARY KEY NOT NULL,
	"wagers_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wager_wins_daily" ADD CONSTRAINT "wager_wins_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The wins settled so far, so a week's count is right from the first read.
INSERT INTO "wager_wins_daily" ("user_id", "day", "wins")
SELECT "user_id", ("settled_at" AT TIME ZONE 'UTC')::date, count(*)::int FROM "wagers" WHERE "status" = 'won' GROUP BY 1, 2;
