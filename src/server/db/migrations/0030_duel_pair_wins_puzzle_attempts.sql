CREATE TABLE "duel_pair_wins" (
	"winner_id" bigint NOT NULL,
	"loser_id" bigint NOT NULL,
	"day" text NOT NULL,
	"won" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "duel_pair_wins_winner_id_loser_id_day_pk" PRIMARY KEY("winner_id","loser_id","day")
);
--> statement-breakpoint
CREATE TABLE "puzzle_attempts" (
	"user_id" bigint NOT NULL,
	"date" text NOT NULL,
	"puzzle_type" text NOT NULL,
	"locked_until" timestamp with time zone,
	"flips" integer DEFAULT 0 NOT NULL,
	"first_flip_at" timestamp with time zone,
	CONSTRAINT "puzzle_attempts_user_id_date_puzzle_type_pk" PRIMARY KEY("user_id","date","puzzle_type")
);
--> statement-breakpoint
ALTER TABLE "quiz_duels" ADD COLUMN "winner_payout" bigint;--> statement-breakpoint
ALTER TABLE "quiz_duels" ADD COLUMN "loser_refund" bigint;--> statement-breakpoint
ALTER TABLE "duel_pair_wins" ADD CONSTRAINT "duel_pair_wins_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duel_pair_wins" ADD CONSTRAINT "duel_pair_wins_loser_id_users_id_fk" FOREIGN KEY ("loser_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puzzle_attempts" ADD CONSTRAINT "puzzle_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;