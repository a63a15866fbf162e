-- A search's name and brand matches, read first when a broad search ranks a bounded number of its
-- matches (decision 0054).
CREATE INDEX "products_title_search_idx" ON "products" USING gin ((to_tsvector('english', "name") || to_tsvector('simple', coalesce("brand", ''))));