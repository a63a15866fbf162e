ALTER TABLE "tax_invoices" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_invoices" ALTER COLUMN "sequence" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "tax_invoices_unnumbered" ON "tax_invoices" USING btree ("order_id") WHERE "tax_invoices"."sequence" is null;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_numbered" CHECK (("tax_invoices"."number" is null) = ("tax_invoices"."sequence" is null));