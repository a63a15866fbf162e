CREATE TYPE "public"."product_status" AS ENUM('draft', 'active');--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" "product_status" DEFAULT 'active' NOT NULL;