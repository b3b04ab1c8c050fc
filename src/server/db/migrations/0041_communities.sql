-- pg_trgm (trusted since PostgreSQL 13: a database owner may create it) for the directory search index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "communities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"visibility" text NOT NULL,
	"join_policy" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"treasury_account_id" bigint NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"posts" integer DEFAULT 0 NOT NULL,
	"active_members_7d" integer DEFAULT 0 NOT NULL,
	"feed_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "communities_visibility_known" CHECK ("communities"."visibility" in ('public', 'private')),
	CONSTRAINT "communities_join_policy_known" CHECK ("communities"."join_policy" in ('open', 'approval', 'invite')),
	CONSTRAINT "communities_counts_non_negative" CHECK ("communities"."members" >= 0 and "communities"."posts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "community_bans" (
	"community_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"until" timestamp with time zone,
	"reason" text NOT NULL,
	CONSTRAINT "community_bans_community_id_user_id_pk" PRIMARY KEY("community_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "community_donors" (
	"community_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "community_donors_community_id_user_id_pk" PRIMARY KEY("community_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "community_homes" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"community_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_invites" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"community_id" bigint NOT NULL,
	"code" text NOT NULL,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_invites_uses" CHECK ("community_invites"."uses" >= 0 and "community_invites"."uses" <= "community_invites"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "community_members" (
	"community_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"muted_until" timestamp with time zone,
	"last_post_at" timestamp with time zone,
	"window_start" timestamp with time zone,
	"window_posts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "community_members_community_id_user_id_pk" PRIMARY KEY("community_id","user_id"),
	CONSTRAINT "community_members_role_known" CHECK ("community_members"."role" in ('owner', 'moderator', 'member'))
);
--> statement-breakpoint
CREATE TABLE "community_modlog" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"community_id" bigint NOT NULL,
	"actor_id" bigint NOT NULL,
	"action" text NOT NULL,
	"target_user_id" bigint,
	"target_post_id" bigint,
	"reason" text,
	"until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_modlog_action_known" CHECK ("community_modlog"."action" in ('mute', 'ban', 'remove', 'delete_post', 'approve', 'deny', 'promote', 'demote', 'transfer', 'edit', 'invite'))
);
--> statement-breakpoint
CREATE TABLE "community_posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"community_id" bigint NOT NULL,
	"post_id" bigint,
	"author_id" bigint NOT NULL,
	"body" text NOT NULL,
	"mentions" bigint[] DEFAULT '{}' NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "community_requests" (
	"community_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_requests_community_id_user_id_pk" PRIMARY KEY("community_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_balance_non_negative" CHECK ("ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_accounts_kind_known" CHECK ("ledger_accounts"."kind" in ('community_treasury'))
);
--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "account_id" bigint;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_treasury_account_id_ledger_accounts_id_fk" FOREIGN KEY ("treasury_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_bans" ADD CONSTRAINT "community_bans_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_bans" ADD CONSTRAINT "community_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_donors" ADD CONSTRAINT "community_donors_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_donors" ADD CONSTRAINT "community_donors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_homes" ADD CONSTRAINT "community_homes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_homes" ADD CONSTRAINT "community_homes_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_invites" ADD CONSTRAINT "community_invites_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_invites" ADD CONSTRAINT "community_invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_modlog" ADD CONSTRAINT "community_modlog_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_modlog" ADD CONSTRAINT "community_modlog_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_modlog" ADD CONSTRAINT "community_modlog_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_requests" ADD CONSTRAINT "community_requests_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_requests" ADD CONSTRAINT "community_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "communities_slug_idx" ON "communities" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "communities_members_idx" ON "communities" USING btree ("members","id") WHERE "communities"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "communities_active_idx" ON "communities" USING btree ("active_members_7d","id") WHERE "communities"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "communities_search_idx" ON "communities" USING gin (lower("name") gin_trgm_ops,"slug" gin_trgm_ops) WHERE "communities"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "communities_last_active_idx" ON "communities" USING btree ("last_active_at") WHERE "communities"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "community_invites_code_idx" ON "community_invites" USING btree ("code");--> statement-breakpoint
CREATE INDEX "community_invites_community_idx" ON "community_invites" USING btree ("community_id","expires_at");--> statement-breakpoint
CREATE INDEX "community_members_user_idx" ON "community_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "community_members_since_idx" ON "community_members" USING btree ("community_id","since","user_id");--> statement-breakpoint
CREATE INDEX "community_members_active_idx" ON "community_members" USING btree ("community_id","last_post_at");--> statement-breakpoint
CREATE INDEX "community_modlog_community_idx" ON "community_modlog" USING btree ("community_id","id");--> statement-breakpoint
CREATE INDEX "community_posts_feed_idx" ON "community_posts" USING btree ("community_id","id") WHERE "community_posts"."post_id" is null and "community_posts"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_comments_idx" ON "community_posts" USING btree ("post_id","id") WHERE "community_posts"."post_id" is not null and "community_posts"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "community_posts_author_idx" ON "community_posts" USING btree ("author_id");--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_account_idx" ON "ledger" USING btree ("account_id","id") WHERE "ledger"."account_id" is not null;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_account_not_user" CHECK ("ledger"."account_id" is null or "ledger"."user_id" is null);--> statement-breakpoint
-- As in 0036: a ledger upgraded with old rows that name no business row keeps the CHECK NOT VALID.
DO $$
DECLARE was_valid boolean;
BEGIN
  SELECT convalidated INTO was_valid FROM pg_constraint WHERE conname = 'ledger_ref_known' AND conrelid = 'ledger'::regclass;
  ALTER TABLE "ledger" DROP CONSTRAINT "ledger_ref_known";
  ALTER TABLE "ledger" ADD CONSTRAINT "ledger_ref_known" CHECK ("ledger"."ref_type" is not null and "ledger"."ref_type" in ('user', 'seed', 'transfer', 'admin_log', 'wager', 'parlay', 'bet', 'purchase', 'service', 'task_claim', 'achievement_claim', 'round', 'community', 'frenzy', 'duel', 'puzzle', 'pet_purchase', 'critter', 'gacha_spin', 'egg', 'minigame_run', 'box_opening', 'box_sale', 'tycoon_claim', 'tycoon_boost', 'merge_payout', 'quiz_duel', 'quiz_daily', 'idle_kill') and "ledger"."ref_id" is not null) NOT VALID;
  IF was_valid THEN
    ALTER TABLE "ledger" VALIDATE CONSTRAINT "ledger_ref_known";
  END IF;
END $$;