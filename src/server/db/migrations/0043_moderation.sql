CREATE TABLE "password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"admin_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_totp" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signup_invites" (
	"code" text PRIMARY KEY NOT NULL,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signup_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" bigint,
	CONSTRAINT "signup_requests_status_known" CHECK ("signup_requests"."status" in ('pending', 'denied'))
);
--> statement-breakpoint
CREATE TABLE "achievement_notices" (
	"user_id" bigint NOT NULL,
	"achievement_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievement_notices_user_id_achievement_id_pk" PRIMARY KEY("user_id","achievement_id")
);
--> statement-breakpoint
CREATE TABLE "report_quota" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reporter_id" bigint NOT NULL,
	"target_type" text NOT NULL,
	"target_id" bigint NOT NULL,
	"target_label" text NOT NULL,
	"target_link" text,
	"community_id" bigint,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"queue" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"escalated_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_by" bigint,
	"action" text,
	"note" text,
	CONSTRAINT "reports_target_type_known" CHECK ("reports"."target_type" in ('user', 'service', 'post', 'comment', 'bet', 'community')),
	CONSTRAINT "reports_reason_known" CHECK ("reports"."reason" in ('spam', 'abuse', 'cheating', 'scam', 'other')),
	CONSTRAINT "reports_status_known" CHECK ("reports"."status" in ('open', 'resolved')),
	CONSTRAINT "reports_queue_known" CHECK ("reports"."queue" in ('moderators', 'admins')),
	CONSTRAINT "reports_action_known" CHECK ("reports"."action" is null or "reports"."action" in ('dismissed', 'content_removed', 'warned', 'sanctioned'))
);
--> statement-breakpoint
CREATE TABLE "sanction_appeals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sanction_id" bigint NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	"reply" text,
	"decided_at" timestamp with time zone,
	"decided_by" bigint,
	CONSTRAINT "sanction_appeals_decision_known" CHECK ("sanction_appeals"."decision" in ('upheld', 'lifted'))
);
--> statement-breakpoint
CREATE TABLE "sanctions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"scope" text NOT NULL,
	"reason" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"lifted_at" timestamp with time zone,
	"lifted_by" bigint,
	CONSTRAINT "sanctions_scope_known" CHECK ("sanctions"."scope" in ('all', 'trading', 'sending', 'games', 'posting', 'communities')),
	CONSTRAINT "sanctions_ends_after_start" CHECK ("sanctions"."ends_at" is null or "sanctions"."ends_at" > "sanctions"."created_at")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_known";--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_totp" ADD CONSTRAINT "user_totp_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_invites" ADD CONSTRAINT "signup_invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_requests" ADD CONSTRAINT "signup_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement_notices" ADD CONSTRAINT "achievement_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement_notices" ADD CONSTRAINT "achievement_notices_achievement_id_achievements_id_fk" FOREIGN KEY ("achievement_id") REFERENCES "public"."achievements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_quota" ADD CONSTRAINT "report_quota_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanction_appeals" ADD CONSTRAINT "sanction_appeals_sanction_id_sanctions_id_fk" FOREIGN KEY ("sanction_id") REFERENCES "public"."sanctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanction_appeals" ADD CONSTRAINT "sanction_appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions" ADD CONSTRAINT "sanctions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions" ADD CONSTRAINT "sanctions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions" ADD CONSTRAINT "sanctions_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_user_hash_idx" ON "recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "signup_requests_username_lower_idx" ON "signup_requests" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_per_reporter_idx" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_queue_idx" ON "reports" USING btree ("queue","status","id");--> statement-breakpoint
CREATE INDEX "reports_community_idx" ON "reports" USING btree ("community_id","status","id") WHERE "reports"."community_id" is not null;--> statement-breakpoint
CREATE INDEX "reports_waiting_idx" ON "reports" USING btree ("created_at") WHERE "reports"."status" = 'open' and "reports"."queue" = 'moderators';--> statement-breakpoint
CREATE UNIQUE INDEX "sanction_appeals_once_idx" ON "sanction_appeals" USING btree ("sanction_id");--> statement-breakpoint
CREATE INDEX "sanction_appeals_open_idx" ON "sanction_appeals" USING btree ("id") WHERE "sanction_appeals"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "sanctions_user_idx" ON "sanctions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "sanctions_not_lifted_idx" ON "sanctions" USING btree ("user_id") WHERE "sanctions"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "sanctions_suspension_end_idx" ON "sanctions" USING btree ("ends_at") WHERE "sanctions"."lifted_at" is null and "sanctions"."scope" = 'all' and "sanctions"."ends_at" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('trade_offered', 'trade_answered', 'trade_finalized', 'trade_cancelled', 'coins_received', 'admin_grant', 'bet_settled', 'service_bought', 'service_finalized', 'service_accepted', 'service_refunded', 'duel_challenge', 'duel_result', 'egg_ready', 'claim_ready', 'idle_full', 'achievement_claimable', 'mention', 'community', 'security', 'report_resolved'));--> statement-breakpoint
-- The old panel's bans become suspensions without an end, so every banned account has one.
INSERT INTO "sanctions" ("user_id", "scope", "reason") SELECT "id", 'all', 'Banned from the admin panel' FROM "users" WHERE "status" = 'banned';
