CREATE TABLE "quiz_addresses" (
	"user_id" bigint NOT NULL,
	"address_hash" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quiz_addresses_user_id_address_hash_pk" PRIMARY KEY("user_id","address_hash")
);
--> statement-breakpoint
CREATE TABLE "quiz_answers" (
	"duel_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"q" smallint NOT NULL,
	"choice" smallint NOT NULL,
	"correct" boolean NOT NULL,
	"points" integer NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quiz_answers_duel_id_user_id_q_pk" PRIMARY KEY("duel_id","user_id","q"),
	CONSTRAINT "quiz_answers_choice_range" CHECK ("quiz_answers"."choice" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "quiz_daily_answers" (
	"play_id" bigint NOT NULL,
	"q" smallint NOT NULL,
	"choice" smallint NOT NULL,
	"correct" boolean NOT NULL,
	"points" integer NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quiz_daily_answers_play_id_q_pk" PRIMARY KEY("play_id","q")
);
--> statement-breakpoint
CREATE TABLE "quiz_daily_plays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"day" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"right" integer DEFAULT 0 NOT NULL,
	"reward" integer DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quiz_daily_seeds" (
	"day" text PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_duels" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"challenger_id" bigint NOT NULL,
	"opponent_id" bigint,
	"invited" boolean DEFAULT false NOT NULL,
	"stake" bigint NOT NULL,
	"question_ids" jsonb NOT NULL,
	"round_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"challenger_start_at" timestamp with time zone,
	"opponent_start_at" timestamp with time zone,
	"current_q" smallint,
	"q_opens_at" timestamp with time zone,
	"q_deadline" timestamp with time zone,
	"q_windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"challenger_score" integer DEFAULT 0 NOT NULL,
	"opponent_score" integer DEFAULT 0 NOT NULL,
	"winner_id" bigint,
	"closed_at" timestamp with time zone,
	CONSTRAINT "quiz_duels_state_known" CHECK ("quiz_duels"."state" in ('open', 'playing', 'finished', 'canceled', 'expired')),
	CONSTRAINT "quiz_duels_mode_known" CHECK ("quiz_duels"."mode" in ('live', 'async')),
	CONSTRAINT "quiz_duels_stake_range" CHECK ("quiz_duels"."stake" between 1 and 10000),
	CONSTRAINT "quiz_duels_not_self" CHECK ("quiz_duels"."opponent_id" is null or "quiz_duels"."challenger_id" <> "quiz_duels"."opponent_id"),
	CONSTRAINT "quiz_duels_joined_has_opponent" CHECK ("quiz_duels"."state" in ('open', 'canceled', 'expired') or "quiz_duels"."opponent_id" is not null),
	CONSTRAINT "quiz_duels_current_q_range" CHECK ("quiz_duels"."current_q" is null or "quiz_duels"."current_q" between 0 and 7)
);
--> statement-breakpoint
CREATE TABLE "quiz_stats" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"daily_best" integer,
	"won_day" text,
	"won_today" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger" DROP CONSTRAINT "ledger_ref_known";--> statement-breakpoint
ALTER TABLE "quiz_addresses" ADD CONSTRAINT "quiz_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_duel_id_quiz_duels_id_fk" FOREIGN KEY ("duel_id") REFERENCES "public"."quiz_duels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_daily_answers" ADD CONSTRAINT "quiz_daily_answers_play_id_quiz_daily_plays_id_fk" FOREIGN KEY ("play_id") REFERENCES "public"."quiz_daily_plays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_daily_plays" ADD CONSTRAINT "quiz_daily_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_duels" ADD CONSTRAINT "quiz_duels_challenger_id_users_id_fk" FOREIGN KEY ("challenger_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_duels" ADD CONSTRAINT "quiz_duels_opponent_id_users_id_fk" FOREIGN KEY ("opponent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_duels" ADD CONSTRAINT "quiz_duels_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_stats" ADD CONSTRAINT "quiz_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_addresses_hash_idx" ON "quiz_addresses" USING btree ("address_hash","seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_daily_plays_user_day_idx" ON "quiz_daily_plays" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "quiz_duels_challenger_idx" ON "quiz_duels" USING btree ("challenger_id","id");--> statement-breakpoint
CREATE INDEX "quiz_duels_opponent_idx" ON "quiz_duels" USING btree ("opponent_id","id");--> statement-breakpoint
CREATE INDEX "quiz_duels_open_idx" ON "quiz_duels" USING btree ("mode","stake") WHERE "quiz_duels"."state" = 'open';--> statement-breakpoint
CREATE INDEX "quiz_duels_live_deadline_idx" ON "quiz_duels" USING btree ("q_deadline") WHERE "quiz_duels"."state" = 'playing' and "quiz_duels"."mode" = 'live';--> statement-breakpoint
CREATE INDEX "quiz_duels_async_playing_idx" ON "quiz_duels" USING btree ("opponent_start_at") WHERE "quiz_duels"."state" = 'playing' and "quiz_duels"."mode" = 'async';--> statement-breakpoint
CREATE INDEX "quiz_duels_open_expiry_idx" ON "quiz_duels" USING btree ("expires_at") WHERE "quiz_duels"."state" = 'open';--> statement-breakpoint
-- As in 0006: NOT VALID, then validated, so rows from before 0003 do not stop the upgrade.
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_ref_known" CHECK ("ledger"."ref_type" is not null and "ledger"."ref_type" in ('user', 'seed', 'transfer', 'admin_log', 'wager', 'parlay', 'bet', 'purchase', 'service', 'task_claim', 'achievement_claim', 'round', 'frenzy', 'duel', 'puzzle', 'pet_purchase', 'critter', 'gacha_spin', 'egg', 'minigame_run', 'box_opening', 'box_sale', 'quiz_duel', 'quiz_daily') and "ledger"."ref_id" is not null) NOT VALID;
--> statement-breakpoint
DO $$
BEGIN
	ALTER TABLE "ledger" VALIDATE CONSTRAINT "ledger_ref_known";
EXCEPTION WHEN check_violation THEN
	RAISE WARNING 'ledger_ref_known stays NOT VALID: some ledger rows written before migration 0003 name no business row (npm run audit counts them)';
END $$;