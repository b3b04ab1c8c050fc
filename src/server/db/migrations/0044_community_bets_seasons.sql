CREATE TABLE "bet_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_id" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	"body" text NOT NULL,
	"mentions" bigint[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "community_season_rankings" (
	"season_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"ranking" jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_seasons" (
	"community_id" bigint NOT NULL,
	"season_start" timestamp with time zone NOT NULL,
	"standings" jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_seasons_community_id_season_start_pk" PRIMARY KEY("community_id","season_start")
);
--> statement-breakpoint
ALTER TABLE "community_modlog" DROP CONSTRAINT "community_modlog_action_known";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_known";--> statement-breakpoint
DROP INDEX "bets_title_lower_idx";--> statement-breakpoint
ALTER TABLE "bet_options" ADD COLUMN "liability" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "community_id" bigint;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "account_id" bigint;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "exposure" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "committed" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bet_comments" ADD CONSTRAINT "bet_comments_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_comments" ADD CONSTRAINT "bet_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_seasons" ADD CONSTRAINT "community_seasons_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bet_comments_bet_idx" ON "bet_comments" USING btree ("bet_id","id") WHERE "bet_comments"."removed_at" is null;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bets_community_title_idx" ON "bets" USING btree ("community_id",lower("title")) WHERE "bets"."community_id" is not null;--> statement-breakpoint
CREATE INDEX "bets_community_idx" ON "bets" USING btree ("community_id","id") WHERE "bets"."community_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bets_title_lower_idx" ON "bets" USING btree (lower("title")) WHERE "bets"."community_id" is null;--> statement-breakpoint
ALTER TABLE "bet_options" ADD CONSTRAINT "bet_options_liability_non_negative" CHECK ("bet_options"."liability" >= 0);--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_community_account" CHECK (("bets"."community_id" is null) = ("bets"."account_id" is null));--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_exposure_non_negative" CHECK ("bets"."exposure" >= 0);--> statement-breakpoint
ALTER TABLE "community_modlog" ADD CONSTRAINT "community_modlog_action_known" CHECK ("community_modlog"."action" in ('mute', 'ban', 'remove', 'delete_post', 'approve', 'deny', 'promote', 'demote', 'transfer', 'edit', 'invite', 'create_bet', 'set_odds', 'finalize_bet', 'void_bet', 'delete_bet_comment'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('trade_offered', 'trade_answered', 'trade_finalized', 'trade_cancelled', 'coins_received', 'admin_grant', 'bet_settled', 'community_bet_settled', 'service_bought', 'service_finalized', 'service_accepted', 'service_refunded', 'duel_challenge', 'duel_result', 'egg_ready', 'claim_ready', 'idle_full', 'achievement_claimable', 'mention', 'community', 'season_result', 'security', 'report_resolved'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_committed_covered" CHECK ("ledger_accounts"."committed" >= 0 and "ledger_accounts"."committed" <= "ledger_accounts"."balance");