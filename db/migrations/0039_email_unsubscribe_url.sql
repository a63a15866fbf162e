-- The one-click opt-out sent as a reminder or newsletter e-mail's List-Unsubscribe header (decision 0102).
ALTER TABLE "email_outbox" ADD COLUMN "unsubscribe_url" text;
