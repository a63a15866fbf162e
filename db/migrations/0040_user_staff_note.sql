-- Staff's note on a customer, shown on the admin user page (decision 0103).
ALTER TABLE "users" ADD COLUMN "staff_note" text;
