-- Purchase orders (decision 0117): orders placed with suppliers, their lines, and what has been received against them.
CREATE TYPE "public"."purchase_order_status" AS ENUM('open', 'received', 'closed', 'cancelled');--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"sku" varchar(64) NOT NULL,
	"name" varchar(255) NOT NULL,
	"variant_name" varchar(255),
	"ordered" integer NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_order_lines_ordered_positive" CHECK ("purchase_order_lines"."ordered" > 0),
	CONSTRAINT "purchase_order_lines_received_non_negative" CHECK ("purchase_order_lines"."received" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier" varchar(120) NOT NULL,
	"supplier_email" varchar(254),
	"expected_on" date,
	"note" varchar(500),
	"status" "purchase_order_status" DEFAULT 'open' NOT NULL,
	"created_by" integer,
	"sent_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_lines_purchase_order_id_index" ON "purchase_order_lines" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_product_id_variant_id_index" ON "purchase_order_lines" USING btree ("product_id","variant_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_status_created_at_index" ON "purchase_orders" USING btree ("status","created_at");