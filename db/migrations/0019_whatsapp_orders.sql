CREATE TABLE "whatsapp_inbound" (
	"id" varchar(128) PRIMARY KEY NOT NULL,
	"wa_id" varchar(20) NOT NULL,
	"type" varchar(20) NOT NULL,
	"profile_name" varchar(100),
	"payload" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"outcome" text,
	"order_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "whatsapp_outbound" (
	"id" serial PRIMARY KEY NOT NULL,
	"dedupe_key" varchar(160) NOT NULL,
	"to_wa_id" varchar(20) NOT NULL,
	"order_id" integer,
	"kind" varchar(20) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider_message_id" varchar(128),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "whatsapp_outbound_dedupeKey_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wa_id" varchar(20);--> statement-breakpoint
ALTER TABLE "whatsapp_inbound" ADD CONSTRAINT "whatsapp_inbound_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_outbound" ADD CONSTRAINT "whatsapp_outbound_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_status_next_attempt_at_index" ON "whatsapp_inbound" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_wa_id_index" ON "whatsapp_inbound" USING btree ("wa_id");--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_order_id_index" ON "whatsapp_inbound" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "whatsapp_outbound_status_next_attempt_at_index" ON "whatsapp_outbound" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "whatsapp_outbound_order_id_index" ON "whatsapp_outbound" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_wa_trade_id_unique" ON "orders" USING btree ("wa_trade_id");--> statement-breakpoint
CREATE INDEX "orders_wa_updated_at_idx" ON "orders" USING btree ("updated_at") WHERE "orders"."wa_trade_id" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_waId_unique" UNIQUE("wa_id");