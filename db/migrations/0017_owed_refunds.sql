CREATE TABLE "owed_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"provider" varchar(40) NOT NULL,
	"payment_id" varchar(100) NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"status" varchar(20) DEFAULT 'owed' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider_refund_id" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "owed_refunds_payment_unique" UNIQUE("provider","payment_id"),
	CONSTRAINT "owed_refunds_amount_positive" CHECK ("owed_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "owed_refunds" ADD CONSTRAINT "owed_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owed_refunds_order_id_index" ON "owed_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "owed_refunds_status_next_attempt_at_index" ON "owed_refunds" USING btree ("status","next_attempt_at");--> statement-breakpoint
-- Late payments on cancelled orders still owed when this table arrived (no refund recorded in
-- refunded_amount, no payment_refunded audit row) become owed rows, so the sweeper keeps giving them
-- back. Cancelled orders staff refunded while cancelling (refunded_amount = total) are not owed.
INSERT INTO "owed_refunds" ("order_id", "kind", "provider", "payment_id", "amount")
SELECT o."id", 'late', CASE WHEN o."payment_method" = 'payfast' THEN 'payfast' ELSE 'card' END, o."payment_id", o."total" - o."refunded_amount"
FROM "orders" o
WHERE o."status" = 'cancelled' AND o."paid_at" IS NOT NULL AND o."payment_id" IS NOT NULL
  AND o."refunded_amount" < o."total"
  AND NOT EXISTS (
    SELECT 1 FROM "audit_logs" a
    WHERE a."entity_type" = 'order' AND a."entity_id" = o."id" AND a."action" = 'payment_refunded'
  )
ON CONFLICT DO NOTHING;
