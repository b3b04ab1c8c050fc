CREATE TABLE "rps_duels" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"challenger_id" bigint NOT NULL,
	"opponent_id" bigint NOT NULL,
	"buy_in" bigint NOT NULL,
	"challenger_move" text NOT NULL,
	"salt" text NOT NULL,
	"commitment" text NOT NULL,
	"opponent_move" text,
	"state" text DEFAULT 'open' NOT NULL,
	"winner_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "rps_duels_state_known" CHECK ("rps_duels"."state" in ('open', 'resolved', 'canceled', 'expired')),
	CONSTRAINT "rps_duels_challenger_move_known" CHECK ("rps_duels"."challenger_move" in ('rock', 'paper', 'scissors')),
	CONSTRAINT "rps_duels_opponent_move_known" CHECK ("rps_duels"."opponent_move" is null or "rps_duels"."opponent_move" in ('rock', 'paper', 'scissors')),
	CONSTRAINT "rps_duels_buy_in_positive" CHECK ("rps_duels"."buy_in" > 0),
	CONSTRAINT "rps_duels_not_self" CHECK ("rps_duels"."challenger_id" <> "rps_duels"."opponent_id"),
	CONSTRAINT "rps_duels_resolved_has_move" CHECK (("rps_duels"."state" = 'resolved') = ("rps_duels"."opponent_move" is not null))
);
--> statement-breakpoint
ALTER TABLE "rps_duels" ADD CONSTRAINT "rps_duels_challenger_id_users_id_fk" FOREIGN KEY ("challenger_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rps_duels" ADD CONSTRAINT "rps_duels_opponent_id_users_id_fk" FOREIGN KEY ("opponent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rps_duels" ADD CONSTRAINT "rps_duels_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rps_duels_opponent_idx" ON "rps_duels" USING btree ("opponent_id","state","id");--> statement-breakpoint
CREATE INDEX "rps_duels_challenger_idx" ON "rps_duels" USING btree ("challenger_id","state","id");--> statement-breakpoint
CREATE INDEX "rps_duels_open_expiry_idx" ON "rps_duels" USING btree ("expires_at") WHERE "rps_duels"."state" = 'open';