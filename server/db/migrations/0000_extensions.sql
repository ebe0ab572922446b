-- Trigram matching for the substring search of bonus requests.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
