-- A product sold as variants is low on stock when any of its sizes is (decision 0111): products keep the fewest units of any variant (pre-order variants left out), kept by a trigger whatever writes a variant's stock, and the low-stock index reads it.
DROP INDEX "products_low_stock_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lowest_variant_stock" integer;--> statement-breakpoint
-- The product's row is locked before its variants are read (checkout's lock order, product first),
-- so a writer that did not lock it still reads the variants as the last committed writer left them.
CREATE OR REPLACE FUNCTION keep_lowest_variant_stock(pid integer) RETURNS void AS $$
DECLARE
  lowest integer;
BEGIN
  PERFORM 1 FROM products WHERE id = pid FOR UPDATE;
  SELECT min(stock) INTO lowest FROM product_variants WHERE product_id = pid AND NOT preorder;
  UPDATE products SET lowest_variant_stock = lowest
    WHERE id = pid AND lowest_variant_stock IS DISTINCT FROM lowest;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_variants_lowest_stock() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM keep_lowest_variant_stock(OLD.product_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.product_id <> OLD.product_id) THEN
    PERFORM keep_lowest_variant_stock(NEW.product_id);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_variants_lowest_stock AFTER INSERT OR DELETE OR UPDATE OF stock, preorder, product_id
  ON product_variants FOR EACH ROW EXECUTE FUNCTION product_variants_lowest_stock();
--> statement-breakpoint
UPDATE products p SET lowest_variant_stock = v.lowest
  FROM (SELECT product_id, min(stock) AS lowest FROM product_variants WHERE NOT preorder GROUP BY product_id) v
  WHERE p.id = v.product_id;--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree (coalesce("lowest_variant_stock", "stock"),"name") WHERE archived_at is null and coalesce(lowest_variant_stock, stock) <= coalesce(low_stock_at, 5);
