ALTER TABLE "orders" ADD COLUMN "reward_code" varchar(40);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reward_discount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Delivery is free on every order (both shipping methods, spec section 9), so a free-shipping
-- reward takes nothing off: stop offering it. Codes already issued for one are refused at checkout
-- with an explanation (domains/checkout/reward_code.ts).
UPDATE "loyalty_rewards" SET "is_active" = false WHERE "discount_type" = 'free_shipping';
