-- Cart reminders (decision 0101): the cart each customer was last reminded of, and their opt-out.
CREATE TABLE "cart_reminders" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"cart_changed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_preferences" ADD COLUMN "cart_reminders_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;