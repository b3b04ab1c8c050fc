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
ALTER TABLE "puzzle_attempts" ADD CONSTRAINT "puzzle_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;