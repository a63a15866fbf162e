-- Per-product low-stock level (reorder point); the low-stock index now holds only the low products (decision 0105).
DROP INDEX "products_low_stock_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_at" integer;--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("stock","name") WHERE archived_at is null and stock <= coalesce(low_stock_at, 5);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_at_range" CHECK ("products"."low_stock_at" between 0 and 1000000);