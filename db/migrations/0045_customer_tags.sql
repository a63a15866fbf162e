-- Customer tags: staff's labels on an account, filtered by the customers list through a GIN index (decision 0109).
ALTER TABLE "users" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "users_tags_idx" ON "users" USING gin ("tags");