CREATE TABLE "cache_versions" (
	"name" varchar(80) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"number" varchar(40) NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"supplier" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"vat_rate" numeric(5, 4) NOT NULL,
	"net_total" numeric(10, 2) NOT NULL,
	"vat_total" numeric(10, 2) NOT NULL,
	"gross_total" numeric(10, 2) NOT NULL,
	CONSTRAINT "credit_notes_refundId_unique" UNIQUE("refund_id"),
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_sequence_unique" UNIQUE("sequence"),
	CONSTRAINT "credit_notes_gross" CHECK ("credit_notes"."gross_total" = "credit_notes"."net_total" + "credit_notes"."vat_total")
);
--> statement-breakpoint
CREATE TABLE "document_sequences" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" varchar(80) PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text,
	"runs" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" varchar(40) NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"supplier" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"vat_rate" numeric(5, 4) NOT NULL,
	"net_total" numeric(10, 2) NOT NULL,
	"vat_total" numeric(10, 2) NOT NULL,
	"gross_total" numeric(10, 2) NOT NULL,
	CONSTRAINT "tax_invoices_orderId_unique" UNIQUE("order_id"),
	CONSTRAINT "tax_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "tax_invoices_sequence_unique" UNIQUE("sequence"),
	CONSTRAINT "tax_invoices_gross" CHECK ("tax_invoices"."gross_total" = "tax_invoices"."net_total" + "tax_invoices"."vat_total")
);
--> statement-breakpoint
ALTER TABLE "referrals" DROP CONSTRAINT "referrals_code_unique";--> statement-breakpoint
DROP INDEX "referrals_referee_id_index";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referral_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referral_discount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vat_number" varchar(20);--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_tax_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_order_id_index" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_id_index" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_issued_at_index" ON "credit_notes" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "tax_invoices_issued_at_index" ON "tax_invoices" USING btree ("issued_at");--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_referral_id_index" ON "orders" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "referrals_code_index" ON "referrals" USING btree ("code");--> statement-breakpoint
CREATE INDEX "referrals_order_id_index" ON "referrals" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_invitation_code_unique" ON "referrals" USING btree ("code") WHERE "referrals"."referee_id" is null;--> statement-breakpoint
-- A customer keeps one invitation: older unused duplicates (never reachable before) go.
DELETE FROM "referrals" r USING "referrals" o WHERE r."referee_id" IS NULL AND o."referee_id" IS NULL AND r."referrer_id" = o."referrer_id" AND r."id" > o."id";--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_one_invitation_per_referrer" ON "referrals" USING btree ("referrer_id") WHERE "referrals"."referee_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referee_unique" ON "referrals" USING btree ("referee_id") WHERE "referrals"."referee_id" is not null;