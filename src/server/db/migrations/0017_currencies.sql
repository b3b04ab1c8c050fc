CREATE TABLE "balances" (
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "balances_user_id_currency_pk" PRIMARY KEY("user_id","currency"),
	CONSTRAINT "balances_amount_non_negative" CHECK ("balances"."amount" >= 0),
	CONSTRAINT "balances_currency_known" CHECK ("balances"."currency" in ('gold', 'pet_coins', 'shards') and "balances"."currency" <> 'gold')
);
--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "currency" text DEFAULT 'gold' NOT NULL;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- NOT VALID then VALIDATE: the check scans the whole ledger, and VALIDATE does it without blocking writes.
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_currency_known" CHECK ("ledger"."currency" in ('gold', 'pet_coins', 'shards')) NOT VALID;--> statement-breakpoint
ALTER TABLE "ledger" VALIDATE CONSTRAINT "ledger_currency_known";