CREATE TABLE "puzzle_days" (
	"date" text PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "puzzle_days_date_format" CHECK ("puzzle_days"."date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "puzzle_solves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"date" text NOT NULL,
	"puzzle_type" text NOT NULL,
	"reward" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "puzzle_solves_type_known" CHECK ("puzzle_solves"."puzzle_type" in ('sliding', 'memory', 'match-3', 'logic-grid', 'n-queens')),
	CONSTRAINT "puzzle_solves_reward_positive" CHECK ("puzzle_solves"."reward" > 0)
);
--> statement-breakpoint
ALTER TABLE "puzzle_solves" ADD CONSTRAINT "puzzle_solves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "puzzle_solves_once_a_day" ON "puzzle_solves" USING btree ("user_id","date","puzzle_type");--> statement-breakpoint
CREATE INDEX "puzzle_solves_date_idx" ON "puzzle_solves" USING btree ("date");