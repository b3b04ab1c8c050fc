-- Issue 35: domain events are an outbox (platform/events.ts). A producer inserts its event in its
-- own transaction; dispatchers claim undelivered rows oldest first (the partial index on id) with
-- FOR UPDATE SKIP LOCKED and set delivered_at with their listeners' writes; the sweep prunes
-- delivered rows by age (the partial index on delivered_at).
CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "domain_events_undelivered_idx" ON "domain_events" USING btree ("id") WHERE "domain_events"."delivered_at" is null;--> statement-breakpoint
CREATE INDEX "domain_events_delivered_idx" ON "domain_events" USING btree ("delivered_at") WHERE "domain_events"."delivered_at" is not null;