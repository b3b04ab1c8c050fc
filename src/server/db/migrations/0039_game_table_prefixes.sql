-- Issue 35 (DESIGN.md section 1a): one key per game, so every game-owned table starts with its
-- game key in snake_case. A rename keeps rows, grants and dependent objects (column defaults,
-- foreign keys and indexes point at the table, not its name). Names derived from a table's name
-- follow it: its id sequence (code calls nextval('<table>_id_seq')), its primary key and the
-- foreign keys and composite keys drizzle names <table>_..._fk/_pk (so the snapshot matches).
-- Indexes and checks named in tables.ts keep those names.
-- Click Frenzy
ALTER TABLE "frenzy_hours" RENAME TO "click_frenzy_hours";--> statement-breakpoint
ALTER TABLE "click_frenzy_hours" RENAME CONSTRAINT "frenzy_hours_user_id_hour_start_pk" TO "click_frenzy_hours_user_id_hour_start_pk";--> statement-breakpoint
ALTER TABLE "click_frenzy_hours" RENAME CONSTRAINT "frenzy_hours_user_id_users_id_fk" TO "click_frenzy_hours_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "frenzy_clicks" RENAME TO "click_frenzy_clicks";--> statement-breakpoint
ALTER SEQUENCE "frenzy_clicks_id_seq" RENAME TO "click_frenzy_clicks_id_seq";--> statement-breakpoint
ALTER TABLE "click_frenzy_clicks" RENAME CONSTRAINT "frenzy_clicks_pkey" TO "click_frenzy_clicks_pkey";--> statement-breakpoint
ALTER TABLE "click_frenzy_clicks" RENAME CONSTRAINT "frenzy_clicks_user_id_users_id_fk" TO "click_frenzy_clicks_user_id_users_id_fk";--> statement-breakpoint
-- Puzzle Rush
ALTER TABLE "puzzle_days" RENAME TO "puzzle_rush_days";--> statement-breakpoint
ALTER TABLE "puzzle_rush_days" RENAME CONSTRAINT "puzzle_days_pkey" TO "puzzle_rush_days_pkey";--> statement-breakpoint
ALTER TABLE "puzzle_solves" RENAME TO "puzzle_rush_solves";--> statement-breakpoint
ALTER SEQUENCE "puzzle_solves_id_seq" RENAME TO "puzzle_rush_solves_id_seq";--> statement-breakpoint
ALTER TABLE "puzzle_rush_solves" RENAME CONSTRAINT "puzzle_solves_pkey" TO "puzzle_rush_solves_pkey";--> statement-breakpoint
ALTER TABLE "puzzle_rush_solves" RENAME CONSTRAINT "puzzle_solves_user_id_users_id_fk" TO "puzzle_rush_solves_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "puzzle_attempts" RENAME TO "puzzle_rush_attempts";--> statement-breakpoint
ALTER TABLE "puzzle_rush_attempts" RENAME CONSTRAINT "puzzle_attempts_user_id_date_puzzle_type_pk" TO "puzzle_rush_attempts_user_id_date_puzzle_type_pk";--> statement-breakpoint
ALTER TABLE "puzzle_rush_attempts" RENAME CONSTRAINT "puzzle_attempts_user_id_users_id_fk" TO "puzzle_rush_attempts_user_id_users_id_fk";--> statement-breakpoint
-- Virtual Pet
ALTER TABLE "critters" RENAME TO "virtual_pet_critters";--> statement-breakpoint
ALTER SEQUENCE "critters_id_seq" RENAME TO "virtual_pet_critters_id_seq";--> statement-breakpoint
ALTER TABLE "virtual_pet_critters" RENAME CONSTRAINT "critters_pkey" TO "virtual_pet_critters_pkey";--> statement-breakpoint
ALTER TABLE "virtual_pet_critters" RENAME CONSTRAINT "critters_user_id_users_id_fk" TO "virtual_pet_critters_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "pet_profiles" RENAME TO "virtual_pet_profiles";--> statement-breakpoint
ALTER TABLE "virtual_pet_profiles" RENAME CONSTRAINT "pet_profiles_pkey" TO "virtual_pet_profiles_pkey";--> statement-breakpoint
ALTER TABLE "virtual_pet_profiles" RENAME CONSTRAINT "pet_profiles_user_id_users_id_fk" TO "virtual_pet_profiles_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "pet_purchases" RENAME TO "virtual_pet_purchases";--> statement-breakpoint
ALTER SEQUENCE "pet_purchases_id_seq" RENAME TO "virtual_pet_purchases_id_seq";--> statement-breakpoint
ALTER TABLE "virtual_pet_purchases" RENAME CONSTRAINT "pet_purchases_pkey" TO "virtual_pet_purchases_pkey";--> statement-breakpoint
ALTER TABLE "virtual_pet_purchases" RENAME CONSTRAINT "pet_purchases_user_id_users_id_fk" TO "virtual_pet_purchases_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "gacha_pity" RENAME TO "virtual_pet_gacha_pity";--> statement-breakpoint
ALTER TABLE "virtual_pet_gacha_pity" RENAME CONSTRAINT "gacha_pity_user_id_pool_pk" TO "virtual_pet_gacha_pity_user_id_pool_pk";--> statement-breakpoint
ALTER TABLE "virtual_pet_gacha_pity" RENAME CONSTRAINT "gacha_pity_user_id_users_id_fk" TO "virtual_pet_gacha_pity_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "gacha_spins" RENAME TO "virtual_pet_gacha_spins";--> statement-breakpoint
ALTER SEQUENCE "gacha_spins_id_seq" RENAME TO "virtual_pet_gacha_spins_id_seq";--> statement-breakpoint
ALTER TABLE "virtual_pet_gacha_spins" RENAME CONSTRAINT "gacha_spins_pkey" TO "virtual_pet_gacha_spins_pkey";--> statement-breakpoint
ALTER TABLE "virtual_pet_gacha_spins" RENAME CONSTRAINT "gacha_spins_user_id_users_id_fk" TO "virtual_pet_gacha_spins_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "eggs" RENAME TO "virtual_pet_eggs";--> statement-breakpoint
ALTER SEQUENCE "eggs_id_seq" RENAME TO "virtual_pet_eggs_id_seq";--> statement-breakpoint
ALTER TABLE "virtual_pet_eggs" RENAME CONSTRAINT "eggs_critter_id_critters_id_fk" TO "virtual_pet_eggs_critter_id_virtual_pet_critters_id_fk";--> statement-breakpoint
ALTER TABLE "virtual_pet_eggs" RENAME CONSTRAINT "eggs_parent_a_critters_id_fk" TO "virtual_pet_eggs_parent_a_virtual_pet_critters_id_fk";--> statement-breakpoint
ALTER TABLE "virtual_pet_eggs" RENAME CONSTRAINT "eggs_parent_b_critters_id_fk" TO "virtual_pet_eggs_parent_b_virtual_pet_critters_id_fk";--> statement-breakpoint
ALTER TABLE "virtual_pet_eggs" RENAME CONSTRAINT "eggs_pkey" TO "virtual_pet_eggs_pkey";--> statement-breakpoint
ALTER TABLE "virtual_pet_eggs" RENAME CONSTRAINT "eggs_user_id_users_id_fk" TO "virtual_pet_eggs_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "minigame_runs" RENAME TO "virtual_pet_minigame_runs";--> statement-breakpoint
ALTER SEQUENCE "minigame_runs_id_seq" RENAME TO "virtual_pet_minigame_runs_id_seq";--> statement-breakpoint
ALTER TABLE "virtual_pet_minigame_runs" RENAME CONSTRAINT "minigame_runs_critter_id_critters_id_fk" TO "virtual_pet_minigame_runs_critter_id_virtual_pet_critters_id_fk";--> statement-breakpoint
ALTER TABLE "virtual_pet_minigame_runs" RENAME CONSTRAINT "minigame_runs_pkey" TO "virtual_pet_minigame_runs_pkey";--> statement-breakpoint
ALTER TABLE "virtual_pet_minigame_runs" RENAME CONSTRAINT "minigame_runs_user_id_users_id_fk" TO "virtual_pet_minigame_runs_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "minigame_days" RENAME TO "virtual_pet_minigame_days";--> statement-breakpoint
ALTER TABLE "virtual_pet_minigame_days" RENAME CONSTRAINT "minigame_days_user_id_day_pk" TO "virtual_pet_minigame_days_user_id_day_pk";--> statement-breakpoint
ALTER TABLE "virtual_pet_minigame_days" RENAME CONSTRAINT "minigame_days_user_id_users_id_fk" TO "virtual_pet_minigame_days_user_id_users_id_fk";--> statement-breakpoint
-- Mystery Box
ALTER TABLE "box_openings" RENAME TO "mystery_box_openings";--> statement-breakpoint
ALTER SEQUENCE "box_openings_id_seq" RENAME TO "mystery_box_openings_id_seq";--> statement-breakpoint
ALTER TABLE "mystery_box_openings" RENAME CONSTRAINT "box_openings_pkey" TO "mystery_box_openings_pkey";--> statement-breakpoint
ALTER TABLE "mystery_box_openings" RENAME CONSTRAINT "box_openings_user_id_users_id_fk" TO "mystery_box_openings_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "box_sales" RENAME TO "mystery_box_sales";--> statement-breakpoint
ALTER SEQUENCE "box_sales_id_seq" RENAME TO "mystery_box_sales_id_seq";--> statement-breakpoint
ALTER TABLE "mystery_box_sales" RENAME CONSTRAINT "box_sales_item_id_items_id_fk" TO "mystery_box_sales_item_id_items_id_fk";--> statement-breakpoint
ALTER TABLE "mystery_box_sales" RENAME CONSTRAINT "box_sales_pkey" TO "mystery_box_sales_pkey";--> statement-breakpoint
ALTER TABLE "mystery_box_sales" RENAME CONSTRAINT "box_sales_user_id_users_id_fk" TO "mystery_box_sales_user_id_users_id_fk";--> statement-breakpoint
-- Coin Tycoon
ALTER TABLE "tycoon_claims" RENAME TO "coin_tycoon_claims";--> statement-breakpoint
ALTER SEQUENCE "tycoon_claims_id_seq" RENAME TO "coin_tycoon_claims_id_seq";--> statement-breakpoint
ALTER TABLE "coin_tycoon_claims" RENAME CONSTRAINT "tycoon_claims_pkey" TO "coin_tycoon_claims_pkey";--> statement-breakpoint
ALTER TABLE "coin_tycoon_claims" RENAME CONSTRAINT "tycoon_claims_user_id_users_id_fk" TO "coin_tycoon_claims_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "tycoon_boosts" RENAME TO "coin_tycoon_boosts";--> statement-breakpoint
ALTER SEQUENCE "tycoon_boosts_id_seq" RENAME TO "coin_tycoon_boosts_id_seq";--> statement-breakpoint
ALTER TABLE "coin_tycoon_boosts" RENAME CONSTRAINT "tycoon_boosts_pkey" TO "coin_tycoon_boosts_pkey";--> statement-breakpoint
ALTER TABLE "coin_tycoon_boosts" RENAME CONSTRAINT "tycoon_boosts_user_id_users_id_fk" TO "coin_tycoon_boosts_user_id_users_id_fk";--> statement-breakpoint
-- Merge Lab
ALTER TABLE "merge_payouts" RENAME TO "merge_lab_payouts";--> statement-breakpoint
ALTER SEQUENCE "merge_payouts_id_seq" RENAME TO "merge_lab_payouts_id_seq";--> statement-breakpoint
ALTER TABLE "merge_lab_payouts" RENAME CONSTRAINT "merge_payouts_pkey" TO "merge_lab_payouts_pkey";--> statement-breakpoint
ALTER TABLE "merge_lab_payouts" RENAME CONSTRAINT "merge_payouts_user_id_users_id_fk" TO "merge_lab_payouts_user_id_users_id_fk";--> statement-breakpoint
-- Quiz Duel
ALTER TABLE "quiz_duels" RENAME TO "quiz_duel_matches";--> statement-breakpoint
ALTER SEQUENCE "quiz_duels_id_seq" RENAME TO "quiz_duel_matches_id_seq";--> statement-breakpoint
ALTER TABLE "quiz_duel_matches" RENAME CONSTRAINT "quiz_duels_challenger_id_users_id_fk" TO "quiz_duel_matches_challenger_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "quiz_duel_matches" RENAME CONSTRAINT "quiz_duels_opponent_id_users_id_fk" TO "quiz_duel_matches_opponent_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "quiz_duel_matches" RENAME CONSTRAINT "quiz_duels_pkey" TO "quiz_duel_matches_pkey";--> statement-breakpoint
ALTER TABLE "quiz_duel_matches" RENAME CONSTRAINT "quiz_duels_winner_id_users_id_fk" TO "quiz_duel_matches_winner_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "quiz_answers" RENAME TO "quiz_duel_answers";--> statement-breakpoint
ALTER TABLE "quiz_duel_answers" RENAME CONSTRAINT "quiz_answers_duel_id_quiz_duels_id_fk" TO "quiz_duel_answers_duel_id_quiz_duel_matches_id_fk";--> statement-breakpoint
ALTER TABLE "quiz_duel_answers" RENAME CONSTRAINT "quiz_answers_duel_id_user_id_q_pk" TO "quiz_duel_answers_duel_id_user_id_q_pk";--> statement-breakpoint
ALTER TABLE "quiz_duel_answers" RENAME CONSTRAINT "quiz_answers_user_id_users_id_fk" TO "quiz_duel_answers_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "quiz_stats" RENAME TO "quiz_duel_stats";--> statement-breakpoint
ALTER TABLE "quiz_duel_stats" RENAME CONSTRAINT "quiz_stats_pkey" TO "quiz_duel_stats_pkey";--> statement-breakpoint
ALTER TABLE "quiz_duel_stats" RENAME CONSTRAINT "quiz_stats_user_id_users_id_fk" TO "quiz_duel_stats_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "quiz_addresses" RENAME TO "quiz_duel_addresses";--> statement-breakpoint
ALTER TABLE "quiz_duel_addresses" RENAME CONSTRAINT "quiz_addresses_user_id_address_hash_pk" TO "quiz_duel_addresses_user_id_address_hash_pk";--> statement-breakpoint
ALTER TABLE "quiz_duel_addresses" RENAME CONSTRAINT "quiz_addresses_user_id_users_id_fk" TO "quiz_duel_addresses_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "quiz_daily_seeds" RENAME TO "quiz_duel_daily_seeds";--> statement-breakpoint
ALTER TABLE "quiz_duel_daily_seeds" RENAME CONSTRAINT "quiz_daily_seeds_pkey" TO "quiz_duel_daily_seeds_pkey";--> statement-breakpoint
ALTER TABLE "quiz_daily_plays" RENAME TO "quiz_duel_daily_plays";--> statement-breakpoint
ALTER SEQUENCE "quiz_daily_plays_id_seq" RENAME TO "quiz_duel_daily_plays_id_seq";--> statement-breakpoint
ALTER TABLE "quiz_duel_daily_plays" RENAME CONSTRAINT "quiz_daily_plays_pkey" TO "quiz_duel_daily_plays_pkey";--> statement-breakpoint
ALTER TABLE "quiz_duel_daily_plays" RENAME CONSTRAINT "quiz_daily_plays_user_id_users_id_fk" TO "quiz_duel_daily_plays_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "quiz_daily_answers" RENAME TO "quiz_duel_daily_answers";--> statement-breakpoint
ALTER TABLE "quiz_duel_daily_answers" RENAME CONSTRAINT "quiz_daily_answers_play_id_q_pk" TO "quiz_duel_daily_answers_play_id_q_pk";--> statement-breakpoint
ALTER TABLE "quiz_duel_daily_answers" RENAME CONSTRAINT "quiz_daily_answers_play_id_quiz_daily_plays_id_fk" TO "quiz_duel_daily_answers_play_id_quiz_duel_daily_plays_id_fk";--> statement-breakpoint
-- Idle NGU
ALTER TABLE "idle_kills" RENAME TO "idle_ngu_kills";--> statement-breakpoint
ALTER SEQUENCE "idle_kills_id_seq" RENAME TO "idle_ngu_kills_id_seq";--> statement-breakpoint
ALTER TABLE "idle_ngu_kills" RENAME CONSTRAINT "idle_kills_pkey" TO "idle_ngu_kills_pkey";--> statement-breakpoint
ALTER TABLE "idle_ngu_kills" RENAME CONSTRAINT "idle_kills_user_id_users_id_fk" TO "idle_ngu_kills_user_id_users_id_fk";
