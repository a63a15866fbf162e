-- The newsletter e-mails WELCOME10 to every confirmed subscriber, so the coupon must exist in every
-- shop, not only in one seeded with demo data. Same terms as the demo seed (db/seed/demo.ts): 10%
-- off a first order, once per customer, no end date. An existing WELCOME10 (seeded, or edited by an
-- admin) is left exactly as it is, and the seed's own insert skips it.
INSERT INTO "coupons" ("code", "description", "type", "value", "first_time_only", "user_limit")
VALUES ('WELCOME10', '10% off your first order', 'first_time', 10.00, true, 1)
ON CONFLICT ("code") DO NOTHING;
