CREATE TABLE "buffs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"effect_type" text NOT NULL,
	"value" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"extra_paid" bigint DEFAULT 0 NOT NULL,
	"extra_cap" bigint NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "buffs_effect_known" CHECK ("buffs"."effect_type" in ('reward-multiplier', 'slots-luck')),
	CONSTRAINT "buffs_extra_within_cap" CHECK ("buffs"."extra_paid" >= 0 and "buffs"."extra_paid" <= "buffs"."extra_cap")
);
--> statement-breakpoint
CREATE TABLE "inventory" (
	"user_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"locked" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_user_id_item_id_pk" PRIMARY KEY("user_id","item_id"),
	CONSTRAINT "inventory_quantity_non_negative" CHECK ("inventory"."quantity" >= 0),
	CONSTRAINT "inventory_locked_within_quantity" CHECK ("inventory"."locked" >= 0 and "inventory"."locked" <= "inventory"."quantity")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"effect" text,
	"effect_type" text,
	"effect_value" integer,
	"price" bigint NOT NULL,
	"stock" integer NOT NULL,
	"image" text,
	"emoji" text,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "items_type_known" CHECK ("items"."type" in ('badge', 'power-up', 'cosmetic')),
	CONSTRAINT "items_effect_type_known" CHECK ("items"."effect_type" is null or "items"."effect_type" in ('extra-safe-click', 'mine-reduction', 'slots-luck', 'reward-multiplier', 'cosmetic')),
	CONSTRAINT "items_price_non_negative" CHECK ("items"."price" >= 0),
	CONSTRAINT "items_stock_non_negative" CHECK ("items"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"price" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger" DROP CONSTRAINT "ledger_ref_known";--> statement-breakpoint
ALTER TABLE "buffs" ADD CONSTRAINT "buffs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buffs" ADD CONSTRAINT "buffs_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory" ADD CONSTRAINT "inventory_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buffs_user_expires_idx" ON "buffs" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "items_name_lower_idx" ON "items" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "purchases_user_created_idx" ON "purchases" USING btree ("user_id","created_at");--> statement-breakpoint
-- The closed list grows with the store, services, tasks, achievements and games. As in 0003,
-- added NOT VALID and then validated, so rows from before 0003 that name no business row do
-- not stop the upgrade.
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_ref_known" CHECK ("ledger"."ref_type" is not null and "ledger"."ref_type" in ('user', 'seed', 'transfer', 'admin_log', 'wager', 'parlay', 'bet', 'purchase', 'service', 'task_claim', 'achievement_claim', 'round', 'frenzy', 'duel', 'puzzle') and "ledger"."ref_id" is not null) NOT VALID;
--> statement-breakpoint
DO $$
BEGIN
	ALTER TABLE "ledger" VALIDATE CONSTRAINT "ledger_ref_known";
EXCEPTION WHEN check_violation THEN
	RAISE WARNING 'ledger_ref_known stays NOT VALID: some ledger rows written before migration 0003 name no business row (npm run audit counts them)';
END $$;