CREATE TABLE "notification_preferences" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"inbox" boolean NOT NULL,
	"push" boolean NOT NULL,
	"email" boolean NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notification_schedule" (
	"user_id" bigint NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "notification_schedule_user_id_dedupe_key_pk" PRIMARY KEY("user_id","dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"pushed_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_known" CHECK ("notifications"."kind" in ('trade_offered', 'trade_answered', 'trade_finalized', 'trade_cancelled', 'coins_received', 'admin_grant', 'bet_settled', 'service_bought', 'service_finalized', 'service_accepted', 'service_refunded', 'duel_challenge', 'duel_result', 'egg_ready', 'claim_ready', 'idle_full', 'achievement_claimable', 'mention', 'community', 'security'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_schedule" ADD CONSTRAINT "notification_schedule_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_schedule_due_idx" ON "notification_schedule" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_idx" ON "notifications" USING btree ("user_id","dedupe_key");