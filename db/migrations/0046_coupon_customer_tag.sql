-- Coupons limited to customers with a tag (decision 0110).
ALTER TABLE "coupons" ADD COLUMN "customer_tag" varchar(30);