-- The ref types' order follows GAMES (shared/games/index.ts) now; the set is unchanged. The check
-- comes back as it was: validated where it was (apart, so the scan blocks no writes), NOT VALID
-- where migration 0003 left it so because an old row could not be placed.
DO $$
DECLARE was_valid boolean;
BEGIN
  SELECT convalidated INTO was_valid FROM pg_constraint WHERE conname = 'ledger_ref_known' AND conrelid = 'ledger'::regclass;
  ALTER TABLE "ledger" DROP CONSTRAINT "ledger_ref_known";
  ALTER TABLE "ledger" ADD CONSTRAINT "ledger_ref_known" CHECK ("ledger"."ref_type" is not null and "ledger"."ref_type" in ('user', 'seed', 'transfer', 'admin_log', 'wager', 'parlay', 'bet', 'purchase', 'service', 'task_claim', 'achievement_claim', 'round', 'frenzy', 'duel', 'puzzle', 'pet_purchase', 'critter', 'gacha_spin', 'egg', 'minigame_run', 'box_opening', 'box_sale', 'tycoon_claim', 'tycoon_boost', 'merge_payout', 'quiz_duel', 'quiz_daily', 'idle_kill') and "ledger"."ref_id" is not null) NOT VALID;
  IF was_valid THEN
    ALTER TABLE "ledger" VALIDATE CONSTRAINT "ledger_ref_known";
  END IF;
END $$;
