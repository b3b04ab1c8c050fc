CREATE TABLE "signup_days" (
	"address_hash" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "signup_days_address_hash_day_pk" PRIMARY KEY("address_hash","day")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "established_at" timestamp with time zone;