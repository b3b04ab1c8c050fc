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
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_known";--> statement-breakpoint
ALTER TABLE "community_seasons" ADD CONSTRAINT "community_seasons_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('trade_offered', 'trade_answered', 'trade_finalized', 'trade_cancelled', 'coins_received', 'admin_grant', 'bet_settled', 'service_bought', 'service_finalized', 'service_accepted', 'service_refunded', 'duel_challenge', 'duel_result', 'egg_ready', 'claim_ready', 'idle_full', 'achievement_claimable', 'mention', 'community', 'season_result', 'security', 'report_resolved'));