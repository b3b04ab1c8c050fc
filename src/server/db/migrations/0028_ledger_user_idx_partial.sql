DROP INDEX "ledger_user_idx";--> statement-breakpoint
CREATE INDEX "ledger_user_idx" ON "ledger" USING btree ("user_id","id") WHERE "ledger"."user_id" is not null;