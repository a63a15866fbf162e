-- The daily low-stock e-mail's claim and memory, one row a South African day (decision 0104).
CREATE TABLE "stock_digests" (
	"day" varchar(10) PRIMARY KEY NOT NULL,
	"product_ids" jsonb NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
