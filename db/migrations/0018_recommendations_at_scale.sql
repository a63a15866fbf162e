CREATE TABLE "product_recommendations" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"similar_products" integer[] NOT NULL,
	"similar_scores" real[] NOT NULL,
	"bought_together" integer[] NOT NULL,
	"bought_together_scores" real[] NOT NULL,
	"cross_sell" integer[] NOT NULL,
	"cross_sell_scores" real[] NOT NULL,
	"up_sell" integer[] NOT NULL,
	"up_sell_scores" real[] NOT NULL,
	"fingerprint" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_runs" (
	"id" integer PRIMARY KEY NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_full_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "product_recommendations" ADD CONSTRAINT "product_recommendations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;