-- Wishlist price-drop e-mails: the price each customer last saw of a saved product, and the switch to stop them (decision 0108).
ALTER TABLE "reminder_preferences" ADD COLUMN "price_alerts_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "price_seen" numeric(10, 2);--> statement-breakpoint
UPDATE "wishlist_items" w SET "price_seen" = coalesce(p."sale_price", p."price") FROM "products" p WHERE p."id" = w."product_id";
