CREATE TABLE "merge_lab_games" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merge_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"chain" text NOT NULL,
	"tier" integer NOT NULL,
	"coins" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merge_payouts_kind_known" CHECK ("merge_payouts"."kind" in ('order', 'sale')),
	CONSTRAINT "merge_payouts_coins_positive" CHECK ("merge_payouts"."coins" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger" DROP CONSTRAINT "ledger_ref_known";--> statement-breakpoint
ALTER TABLE "merge_lab_games" ADD CONSTRAINT "merge_lab_games_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_payouts" ADD CONSTRAINT "merge_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merge_payouts_user_idx" ON "merge_payouts" USING btree ("user_id","id");--> statement-breakpoint
-- As in 0006: NOT VALID, then validated, so rows from before 0003 do not stop the upgrade.
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_ref_known" CHECK ("ledger"."ref_type" is not null and "ledger"."ref_type" in ('user', 'seed', 'transfer', 'admin_log', 'wager', 'parlay', 'bet', 'purchase', 'service', 'task_claim', 'achievement_claim', 'round', 'frenzy', 'duel', 'puzzle', 'pet_purchase', 'critter', 'gacha_spin', 'egg', 'minigame_run', 'box_opening', 'box_sale', 'quiz_duel', 'quiz_daily', 'tycoon_claim', 'tycoon_boost', 'idle_kill', 'merge_payout') and "ledger"."ref_id" is not null) NOT VALID;
--> statement-breakpoint
DO $$
BEGIN
	ALTER TABLE "ledger" VALIDATE CONSTRAINT "ledger_ref_known";
EXCEPTION WHEN check_violation THEN
	RAISE WARNING 'ledger_ref_known stays NOT VALID: some ledger rows written before migration 0003 name no business row (npm run audit counts them)';
END $$;