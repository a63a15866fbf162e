ALTER TABLE "product_variants" ADD COLUMN "option_values" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "image_alts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;