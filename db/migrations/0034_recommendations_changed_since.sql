-- The recommendations job's minute check reads only the products written since its last run
-- (decision 0090): an index on updated_at, and a trigger so that whatever changes what a product's
-- lists are computed from (name, brand, category, price, sale price, storefront state) also moves
-- updated_at, even a write that forgot to (a manual SQL fix). A write that sets updated_at itself is
-- left alone.
CREATE INDEX "products_updated_at_idx" ON "products" USING btree ("updated_at");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_touch_updated_at() RETURNS trigger AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_touch_updated_at
  BEFORE UPDATE OF name, brand, category_id, price, sale_price, status, archived_at ON products
  FOR EACH ROW WHEN (
    NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at
    AND (NEW.name, NEW.brand, NEW.category_id, NEW.price, NEW.sale_price, NEW.status, NEW.archived_at)
      IS DISTINCT FROM (OLD.name, OLD.brand, OLD.category_id, OLD.price, OLD.sale_price, OLD.status, OLD.archived_at)
  ) EXECUTE FUNCTION products_touch_updated_at();
