CREATE TABLE "payment_events" (
	"id" varchar(100) PRIMARY KEY NOT NULL,
	"type" varchar(80) NOT NULL,
	"order_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_intent_id" varchar(100);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_error" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_order_id_index" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_events_received_at_index" ON "payment_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "orders_payment_intent_id_index" ON "orders" USING btree ("payment_intent_id");