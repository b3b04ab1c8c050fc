-- Every ledger row names the business row it pays for (ref_type from a closed list, ref_id).
-- Rows written before this migration are backfilled where that row can be identified exactly
-- (a posting's rows share its transaction's now() with the rows it wrote); see the notes below.
CREATE TABLE "transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_user_id" bigint NOT NULL,
	"to_user_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_amount_positive" CHECK ("transfers"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Transfers: each old 'transfer_out' row (ref_id NULL) becomes a transfers row, referenced by it
-- and by its 'transfer_in' twin (same sender, recipient, amount and transaction time).
WITH outs AS (
	SELECT o.*, nextval(pg_get_serial_sequence('transfers', 'id')) AS transfer_id
	FROM (
		SELECT id AS ledger_id, user_id, counterparty_id, -delta AS amount, created_at
		FROM "ledger"
		WHERE ref_type = 'transfer' AND ref_id IS NULL AND category = 'transfer_out'
			AND user_id IS NOT NULL AND counterparty_id IS NOT NULL
		ORDER BY id
	) o
), made AS (
	INSERT INTO "transfers" (id, from_user_id, to_user_id, amount, created_at)
	SELECT transfer_id, user_id, counterparty_id, amount, created_at FROM outs
)
UPDATE "ledger" l SET ref_id = outs.transfer_id::text FROM outs WHERE l.id = outs.ledger_id;
--> statement-breakpoint
WITH outs AS (
	SELECT ref_id, user_id AS from_id, counterparty_id AS to_id, -delta AS amount, created_at,
		row_number() OVER (PARTITION BY user_id, counterparty_id, delta, created_at ORDER BY id) AS k
	FROM "ledger" WHERE ref_type = 'transfer' AND category = 'transfer_out' AND ref_id IS NOT NULL
), ins AS (
	SELECT id, counterparty_id AS from_id, user_id AS to_id, delta AS amount, created_at,
		row_number() OVER (PARTITION BY counterparty_id, user_id, delta, created_at ORDER BY id) AS k
	FROM "ledger" WHERE ref_type = 'transfer' AND category = 'transfer_in' AND ref_id IS NULL
)
UPDATE "ledger" l SET ref_id = outs.ref_id
FROM ins JOIN outs USING (from_id, to_id, amount, created_at, k)
WHERE l.id = ins.id;
--> statement-breakpoint
-- Parlay stakes had no ref_id: the parlay was inserted in the same transaction as its stake,
-- so it has the same user, stake and created_at.
WITH stakes AS (
	SELECT id, user_id, -delta AS stake, created_at,
		row_number() OVER (PARTITION BY user_id, delta, created_at ORDER BY id) AS k
	FROM "ledger" WHERE ref_type = 'parlay' AND ref_id IS NULL AND category = 'parlay_stake' AND user_id IS NOT NULL
), p AS (
	SELECT id AS parlay_id, user_id, stake, created_at,
		row_number() OVER (PARTITION BY user_id, stake, created_at ORDER BY id) AS k
	FROM "parlays"
)
UPDATE "ledger" l SET ref_id = p.parlay_id::text FROM stakes JOIN p USING (user_id, stake, created_at, k) WHERE l.id = stakes.id;
--> statement-breakpoint
-- Seed grants reference the user they were granted to.
UPDATE "ledger" SET ref_id = user_id::text WHERE ref_type = 'seed' AND ref_id IS NULL AND user_id IS NOT NULL;
--> statement-breakpoint
-- The house's row of a one-user posting (parlay stake, seed grant) takes the reference of
-- the user row it balances: same posting type, category and time, opposite delta.
WITH house AS (
	SELECT id, ref_type, category, -delta AS delta, created_at,
		row_number() OVER (PARTITION BY ref_type, category, delta, created_at ORDER BY id) AS k
	FROM "ledger" WHERE user_id IS NULL AND ref_id IS NULL AND ref_type IN ('parlay', 'seed')
), usr AS (
	SELECT ref_id, ref_type, category, delta, created_at,
		row_number() OVER (PARTITION BY ref_type, category, delta, created_at ORDER BY id) AS k
	FROM "ledger" WHERE user_id IS NOT NULL AND ref_id IS NOT NULL AND ref_type IN ('parlay', 'seed')
)
UPDATE "ledger" l SET ref_id = usr.ref_id FROM house JOIN usr USING (ref_type, category, delta, created_at, k) WHERE l.id = house.id;
--> statement-breakpoint
-- Admin adjustments referenced the admin ('admin', admin id); they now reference the
-- admin_logs row written in the same transaction (same admin, same time). Both the user's and
-- the house's row carry the same old reference, so both match.
UPDATE "ledger" l SET ref_type = 'admin_log', ref_id = a.id::text
FROM "admin_logs" a
WHERE l.ref_type = 'admin' AND a.admin_id::text = l.ref_id AND a.created_at = l.created_at
	AND a.action IN ('add_funds', 'remove_funds');
--> statement-breakpoint
-- Old wager stakes keep referencing their bet ('bet', bet id): valid, if coarser than the
-- wager row new stakes reference, and not worth rewriting the largest part of the ledger.
-- The CHECK is added NOT VALID so that a row none of the steps above could place does not
-- stop the upgrade; it is then validated, which succeeds whenever every row was placed.
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_ref_known" CHECK ("ledger"."ref_type" is not null and "ledger"."ref_type" in ('user', 'seed', 'transfer', 'admin_log', 'wager', 'parlay', 'bet') and "ledger"."ref_id" is not null) NOT VALID;
--> statement-breakpoint
DO $$
BEGIN
	ALTER TABLE "ledger" VALIDATE CONSTRAINT "ledger_ref_known";
EXCEPTION WHEN check_violation THEN
	RAISE WARNING 'ledger_ref_known stays NOT VALID: some ledger rows written before migration 0003 name no business row (npm run audit counts them)';
END $$;
