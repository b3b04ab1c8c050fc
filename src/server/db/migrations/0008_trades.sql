CREATE TABLE "trade_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trade_id" bigint NOT NULL,
	"side" text NOT NULL,
	"item_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "trade_items_side_known" CHECK ("trade_items"."side" in ('from', 'to')),
	CONSTRAINT "trade_items_quantity_positive" CHECK ("trade_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_user_id" bigint NOT NULL,
	"to_user_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "trades_status_known" CHECK ("trades"."status" in ('pending', 'responded', 'accepted', 'denied', 'canceled')),
	CONSTRAINT "trades_not_with_self" CHECK ("trades"."from_user_id" <> "trades"."to_user_id")
);
--> statement-breakpoint
ALTER TABLE "trade_items" ADD CONSTRAINT "trade_items_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_items" ADD CONSTRAINT "trade_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_items_entry_idx" ON "trade_items" USING btree ("trade_id","side","item_id");--> statement-breakpoint
CREATE INDEX "trades_from_user_idx" ON "trades" USING btree ("from_user_id","id");--> statement-breakpoint
CREATE INDEX "trades_to_user_idx" ON "trades" USING btree ("to_user_id","id");