-- Storefront counts and facets by category read from the index alone again (decision 0089).
--
-- The index's condition was `archived_at is null`; since drafts (status) the storefront's rule is also
-- `status = 'active'`, which the index neither holds nor implies, so every count visited each product's
-- row (at 1,000,000 products a category's brand facet became a scan of the whole table). With the
-- whole rule as its condition the planner answers the counts with an index-only scan.
DROP INDEX "products_storefront_category_idx";--> statement-breakpoint
CREATE INDEX "products_storefront_category_idx" ON "products" USING btree ("category_id") INCLUDE ("brand","price","sale_price") WHERE archived_at is null and status = 'active';
