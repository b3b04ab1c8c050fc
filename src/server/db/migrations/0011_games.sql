CREATE TABLE "fairness_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "fairness_seeds_server_seed_hex" CHECK ("fairness_seeds"."server_seed" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "fairness_seeds_client_seed_printable" CHECK ("fairness_seeds"."client_seed" ~ '^[ -~]{1,64}$'),
	CONSTRAINT "fairness_seeds_nonce_non_negative" CHECK ("fairness_seeds"."nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"game" text NOT NULL,
	"seed_id" bigint NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" bigint NOT NULL,
	"stake" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"params" jsonb NOT NULL,
	"outcome" jsonb NOT NULL,
	"state" text DEFAULT 'settled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "game_rounds_state_known" CHECK ("game_rounds"."state" in ('open', 'settled')),
	CONSTRAINT "game_rounds_amounts_non_negative" CHECK ("game_rounds"."stake" >= 0 and "game_rounds"."payout" >= 0)
);
--> statement-breakpoint
CREATE TABLE "spinner_cooldowns" (
	"user_id" bigint NOT NULL,
	"spinner_id" text NOT NULL,
	"next_spin_at" timestamp with time zone NOT NULL,
	CONSTRAINT "spinner_cooldowns_user_id_spinner_id_pk" PRIMARY KEY("user_id","spinner_id")
);
--> statement-breakpoint
CREATE TABLE "spinner_tables" (
	"spinner_id" text PRIMARY KEY NOT NULL,
	"reward_options" integer[] NOT NULL,
	"weights" integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spinner_tables_parallel" CHECK (cardinality("spinner_tables"."reward_options") = cardinality("spinner_tables"."weights") and cardinality("spinner_tables"."weights") > 0)
);
--> statement-breakpoint
CREATE TABLE "frenzy_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"emoji" text NOT NULL,
	"reward" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frenzy_hours" (
	"user_id" bigint NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"clicks" integer NOT NULL,
	"second_at" bigint NOT NULL,
	"second_clicks" integer NOT NULL,
	CONSTRAINT "frenzy_hours_user_id_hour_start_pk" PRIMARY KEY("user_id","hour_start"),
	CONSTRAINT "frenzy_hours_clicks_range" CHECK ("frenzy_hours"."clicks" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "fairness_seeds" ADD CONSTRAINT "fairness_seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_seed_id_fairness_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."fairness_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spinner_cooldowns" ADD CONSTRAINT "spinner_cooldowns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frenzy_clicks" ADD CONSTRAINT "frenzy_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frenzy_hours" ADD CONSTRAINT "frenzy_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fairness_seeds_one_active_idx" ON "fairness_seeds" USING btree ("user_id") WHERE "fairness_seeds"."revealed_at" is null;--> statement-breakpoint
CREATE INDEX "fairness_seeds_user_idx" ON "fairness_seeds" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_seed_nonce_idx" ON "game_rounds" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE INDEX "game_rounds_user_idx" ON "game_rounds" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "game_rounds_open_idx" ON "game_rounds" USING btree ("seed_id") WHERE "game_rounds"."state" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_one_open_minefield_idx" ON "game_rounds" USING btree ("user_id") WHERE "game_rounds"."state" = 'open' and "game_rounds"."game" = 'minefield';--> statement-breakpoint
CREATE INDEX "frenzy_clicks_user_idx" ON "frenzy_clicks" USING btree ("user_id","id");