-- Staff's reads as orders and customers grow (decision 0098): the dashboard's paid-order figures by
-- paid_at, and trigram indexes for the order and customer "contains" searches (db/like.ts containsText
-- writes each condition as lower(expr) like lower(pattern), the form these indexes answer).
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE paid_at is not null;--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin (lower("order_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_shipping_name_trgm_idx" ON "orders" USING gin (lower((coalesce("shipping_address"->>'firstName', '') || ' ' || coalesce("shipping_address"->>'lastName', ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (lower((coalesce("first_name", '') || ' ' || coalesce("last_name", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_wa_id_trgm_idx" ON "users" USING gin (lower("wa_id") gin_trgm_ops);
