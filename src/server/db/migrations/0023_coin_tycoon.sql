CREATE TABLE "coin_tycoon_games" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tycoon_boosts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"price" integer NOT NULL,
	"boost_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tycoon_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"day" text NOT NULL,
	"coins" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger" DROP CONSTRAINT "ledger_ref_known";--> statement-breakpoint
ALTER TABLE "coin_tycoon_games" ADD CONSTRAINT "coin_tycoon_games_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tycoon_boosts" ADD CONSTRAINT "tycoon_boosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tycoon_claims" ADD CONSTRAINT "tycoon_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tycoon_boosts_user_idx" ON "tycoon_boosts" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tycoon_claims_user_day_idx" ON "tycoon_claims" USING btree ("user_id","day");--> statement-breakpoint
-- As in 0006: NOT VALID, then validated, so rows from before 0003 do not stop the upgrade.
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_ref_known" CHECK ("ledger"."ref_type" is not null and "ledger"."ref_type" in ('user', 'seed', 'transfer', 'admin_log', 'wager', 'parlay', 'bet', 'purchase', 'service', 'task_claim', 'achievement_claim', 'round', 'frenzy', 'duel', 'puzzle', 'pet_purchase', 'critter', 'gacha_spin', 'egg', 'minigame_run', 'box_opening', 'box_sale', 'quiz_duel', 'quiz_daily', 'tycoon_claim', 'tycoon_boost') and "ledger"."ref_id" is not null) NOT VALID;
--> statement-breakpoint
DO $$
BEGIN
	ALTER TABLE "ledger" VALIDATE CONSTRAINT "ledger_ref_known";
EXCEPTION WHEN check_violation THEN
	RAISE WARNING 'ledger_ref_known stays NOT VALID: some ledger rows written before migration 0003 name no business row (npm run audit counts them)';
END $$;