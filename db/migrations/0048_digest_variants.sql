-- The low-stock digest remembers the low variants too (decision 0111): a second size of a range already listed running low is news.
ALTER TABLE "stock_digests" ADD COLUMN "variant_ids" jsonb;