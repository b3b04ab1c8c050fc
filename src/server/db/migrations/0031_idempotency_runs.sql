ALTER TABLE "idempotency_keys" ADD COLUMN "run_id" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "applied" boolean;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "locked_until" timestamp with time zone;