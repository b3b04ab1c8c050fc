CREATE TABLE "services" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" bigint NOT NULL,
	"buyer_id" bigint,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"price" bigint NOT NULL,
	"status" text DEFAULT 'listed' NOT NULL,
	"auto_released" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bought_at" timestamp with time zone,
	"finalized_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "services_status_known" CHECK ("services"."status" in ('listed', 'bought', 'finalized', 'completed', 'refunded', 'deleted')),
	CONSTRAINT "services_price_positive" CHECK ("services"."price" > 0),
	CONSTRAINT "services_not_own_buyer" CHECK ("services"."buyer_id" is null or "services"."buyer_id" <> "services"."provider_id"),
	CONSTRAINT "services_buyer_when_bought" CHECK ("services"."status" = 'deleted' or ("services"."status" = 'listed') = ("services"."buyer_id" is null))
);
--> statement-breakpoint
CREATE TABLE "task_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"reward" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"reward" bigint NOT NULL,
	"type" text NOT NULL,
	"goal_type" text NOT NULL,
	"goal_amount" bigint NOT NULL,
	"emoji" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_type_known" CHECK ("tasks"."type" in ('daily', 'weekly', 'bonus')),
	CONSTRAINT "tasks_goal_type_known" CHECK (goal_type in ('betsPlaced', 'betsWon', 'storePurchases', 'logins')),
	CONSTRAINT "tasks_reward_positive" CHECK ("tasks"."reward" > 0),
	CONSTRAINT "tasks_goal_positive" CHECK ("tasks"."goal_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "achievement_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"achievement_id" bigint NOT NULL,
	"reward" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "achievements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"criteria" text NOT NULL,
	"threshold" bigint NOT NULL,
	"reward" bigint NOT NULL,
	"icon" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievements_criteria_known" CHECK (criteria in ('betsPlaced', 'betsWon', 'storePurchases', 'logins', 'tasksCompleted', 'minefieldWins', 'puzzleWins', 'rpsWins', 'frenzyClicks', 'casinoWins', 'itemsOwned')),
	CONSTRAINT "achievements_threshold_positive" CHECK ("achievements"."threshold" > 0),
	CONSTRAINT "achievements_reward_positive" CHECK ("achievements"."reward" > 0)
);
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_provider_id_users_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_claims" ADD CONSTRAINT "task_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_claims" ADD CONSTRAINT "task_claims_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement_claims" ADD CONSTRAINT "achievement_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievement_claims" ADD CONSTRAINT "achievement_claims_achievement_id_achievements_id_fk" FOREIGN KEY ("achievement_id") REFERENCES "public"."achievements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_provider_idx" ON "services" USING btree ("provider_id","id");--> statement-breakpoint
CREATE INDEX "services_buyer_idx" ON "services" USING btree ("buyer_id","id");--> statement-breakpoint
CREATE INDEX "services_status_idx" ON "services" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_claims_once_idx" ON "task_claims" USING btree ("user_id","task_id","period_start");--> statement-breakpoint
CREATE INDEX "task_claims_task_idx" ON "task_claims" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "achievement_claims_once_idx" ON "achievement_claims" USING btree ("user_id","achievement_id");--> statement-breakpoint
CREATE INDEX "achievement_claims_achievement_idx" ON "achievement_claims" USING btree ("achievement_id");--> statement-breakpoint
CREATE INDEX "parlays_user_created_idx" ON "parlays" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "parlays_user_won_idx" ON "parlays" USING btree ("user_id","settled_at") WHERE status = 'won';--> statement-breakpoint
CREATE INDEX "wagers_user_created_idx" ON "wagers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wagers_user_won_idx" ON "wagers" USING btree ("user_id","settled_at") WHERE status = 'won';