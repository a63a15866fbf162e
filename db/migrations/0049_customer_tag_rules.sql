-- Automatic customer tags (decision 0115): a rule keeps its tag on the accounts a customers-list filter finds.
CREATE TABLE "customer_tag_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag" text NOT NULL,
	"filter" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_added" integer DEFAULT 0 NOT NULL,
	"last_removed" integer DEFAULT 0 NOT NULL,
	"last_full" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_tag_rules_tag_unique" UNIQUE("tag")
);
--> statement-breakpoint
ALTER TABLE "customer_tag_rules" ADD CONSTRAINT "customer_tag_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;