ALTER TABLE "categories" ADD COLUMN "replacement_months" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "replacement_months" integer;