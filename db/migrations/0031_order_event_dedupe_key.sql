DROP INDEX "order_events_once";--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "dedupe_key" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_once" ON "order_events" USING btree ("order_id","type","dedupe_key");