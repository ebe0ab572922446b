-- btree_gin lets the trigram index lead with project_id, so a search reads one project's matches.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "bonus_requests_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "bonus_requests_project_search_trgm_idx" ON "bonus_requests" USING gin ("project_id","search_text" gin_trgm_ops);
