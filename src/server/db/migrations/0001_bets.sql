CREATE TABLE "bet_options" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_id" bigint NOT NULL,
	"text" text NOT NULL,
	"odds" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "bet_options_odds_min" CHECK ("bet_options"."odds" >= 101)
);
--> statement-breakpoint
CREATE TABLE "bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"result_option_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bets_status_known" CHECK ("bets"."status" in ('open', 'finalized', 'voided'))
);
--> statement-breakpoint
CREATE TABLE "parlay_legs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"parlay_id" bigint NOT NULL,
	"bet_id" bigint NOT NULL,
	"option_id" bigint NOT NULL,
	"odds" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	CONSTRAINT "parlay_legs_status_known" CHECK ("parlay_legs"."status" in ('open', 'won', 'lost', 'void'))
);
--> statement-breakpoint
CREATE TABLE "parlays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"stake" bigint NOT NULL,
	"total_odds" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "parlays_stake_positive" CHECK ("parlays"."stake" > 0),
	CONSTRAINT "parlays_status_known" CHECK ("parlays"."status" in ('open', 'won', 'lost', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "wagers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bet_id" bigint NOT NULL,
	"option_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"stake" bigint NOT NULL,
	"odds" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "wagers_stake_positive" CHECK ("wagers"."stake" > 0),
	CONSTRAINT "wagers_status_known" CHECK ("wagers"."status" in ('open', 'won', 'lost', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "bet_options" ADD CONSTRAINT "bet_options_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parlay_legs" ADD CONSTRAINT "parlay_legs_parlay_id_parlays_id_fk" FOREIGN KEY ("parlay_id") REFERENCES "public"."parlays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parlay_legs" ADD CONSTRAINT "parlay_legs_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parlay_legs" ADD CONSTRAINT "parlay_legs_option_id_bet_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."bet_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parlays" ADD CONSTRAINT "parlays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagers" ADD CONSTRAINT "wagers_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagers" ADD CONSTRAINT "wagers_option_id_bet_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."bet_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagers" ADD CONSTRAINT "wagers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bet_options_text_idx" ON "bet_options" USING btree ("bet_id","text");--> statement-breakpoint
CREATE UNIQUE INDEX "bets_title_lower_idx" ON "bets" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "bets_status_idx" ON "bets" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "parlay_legs_one_per_bet_idx" ON "parlay_legs" USING btree ("parlay_id","bet_id");--> statement-breakpoint
CREATE INDEX "parlay_legs_bet_idx" ON "parlay_legs" USING btree ("bet_id","option_id");--> statement-breakpoint
CREATE INDEX "parlays_user_idx" ON "parlays" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "wagers_bet_option_idx" ON "wagers" USING btree ("bet_id","option_id");--> statement-breakpoint
CREATE INDEX "wagers_user_idx" ON "wagers" USING btree ("user_id","id");