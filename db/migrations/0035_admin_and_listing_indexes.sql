-- Three reads that sorted or scanned every product at 100,000 products (decision 0098): the whole
-- catalogue's listing in its default sort at a deep page, the admin dashboard's low-stock panel and
-- the admin product list's "name or SKU contains" search.
CREATE INDEX "products_storefront_featured_idx" ON "products" USING btree ("featured" DESC NULLS FIRST,"is_new" DESC NULLS FIRST,"name","id") WHERE archived_at is null and status = 'active';--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("stock","name") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_sku_trgm_idx" ON "products" USING gin (lower("sku") gin_trgm_ops);
