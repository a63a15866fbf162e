ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_user_line_unique";--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_session_line_unique";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_key" integer GENERATED ALWAYS AS (coalesce("variant_id", 0)) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_line_unique" ON "cart_items" USING btree ("user_id","product_id","variant_key") WHERE "cart_items"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_session_line_unique" ON "cart_items" USING btree ("session_id","product_id","variant_key") WHERE "cart_items"."session_id" is not null;