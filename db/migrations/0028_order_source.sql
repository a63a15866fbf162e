CREATE TYPE "public"."order_source" AS ENUM('web', 'whatsapp', 'staff');--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" "order_source" DEFAULT 'web' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_source_index" ON "orders" USING btree ("source");--> statement-breakpoint
-- WhatsApp orders were told apart by their message id until now.
UPDATE "orders" SET "source" = 'whatsapp' WHERE "wa_trade_id" IS NOT NULL;
