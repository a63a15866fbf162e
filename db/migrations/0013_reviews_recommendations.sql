ALTER TABLE "recommendations" ALTER COLUMN "source_product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recommendations" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "recommendations" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderation_note" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderated_by" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "browsing_history_user_product" ON "browsing_history" USING btree ("user_id","product_id") WHERE "browsing_history"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "browsing_history_visitor_product" ON "browsing_history" USING btree ("session_id","product_id") WHERE "browsing_history"."user_id" is null and "browsing_history"."session_id" is not null;--> statement-breakpoint
CREATE INDEX "recommendations_user_id_type_score_index" ON "recommendations" USING btree ("user_id","type","score");--> statement-breakpoint
CREATE INDEX "recommendations_category_id_type_score_index" ON "recommendations" USING btree ("category_id","type","score");--> statement-breakpoint
CREATE INDEX "recommendations_type_score_index" ON "recommendations" USING btree ("type","score");--> statement-breakpoint
CREATE INDEX "reviews_status_created_at_index" ON "reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_moderated_by_index" ON "reviews" USING btree ("moderated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_user_product" ON "reviews" USING btree ("product_id","user_id") WHERE "reviews"."user_id" is not null;