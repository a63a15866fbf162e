-- Back-in-stock alerts, whatever changes the stock (admin edit, import, a cancelled order giving
-- stock back, a manual SQL fix): when stock goes from 0 (or less) to above 0, every active
-- subscription for that product (or variant) is marked due. The shop's alert sender then e-mails
-- each subscriber once through the outbox and marks the subscription notified.
CREATE OR REPLACE FUNCTION mark_back_in_stock() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'products' THEN
    UPDATE stock_notifications SET due_at = now()
      WHERE product_id = NEW.id AND variant_id IS NULL AND active AND due_at IS NULL;
  ELSE
    UPDATE stock_notifications SET due_at = now()
      WHERE variant_id = NEW.id AND active AND due_at IS NULL;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_back_in_stock AFTER UPDATE OF stock ON products
  FOR EACH ROW WHEN (OLD.stock <= 0 AND NEW.stock > 0) EXECUTE FUNCTION mark_back_in_stock();
--> statement-breakpoint
CREATE TRIGGER product_variants_back_in_stock AFTER UPDATE OF stock ON product_variants
  FOR EACH ROW WHEN (OLD.stock <= 0 AND NEW.stock > 0) EXECUTE FUNCTION mark_back_in_stock();
