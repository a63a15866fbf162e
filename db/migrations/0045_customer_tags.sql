-- Customer tags: staff's labels on an account; a GIN index for the list's filter, a partial one for the tags in use (decision 0109).
ALTER TABLE "users" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "users_tags_idx" ON "users" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "users_tagged_idx" ON "users" USING btree ("tags") WHERE cardinality("users"."tags") > 0;