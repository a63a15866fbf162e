-- Trigram matching for search ("terarium" finds terrarium). Available on PGlite (contrib) and on
-- PostgreSQL, including managed services.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
