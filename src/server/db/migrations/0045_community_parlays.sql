ALTER TABLE "parlays" ADD COLUMN "account_id" bigint;--> statement-breakpoint
ALTER TABLE "parlays" ADD COLUMN "committed" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parlays" ADD CONSTRAINT "parlays_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parlays_account_idx" ON "parlays" USING btree ("account_id","settled_at") WHERE account_id is not null;--> statement-breakpoint
ALTER TABLE "parlays" ADD CONSTRAINT "parlays_committed_house" CHECK ("parlays"."account_id" is not null or "parlays"."committed" = 0);