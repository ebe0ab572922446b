ALTER TABLE "bonus_requests" drop column "search_text";--> statement-breakpoint
ALTER TABLE "bonus_requests" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(coalesce(external_id, '') || ' ' || coalesce(customer_username, '') || ' ' || coalesce(customer_name, '') || ' ' || coalesce(customer_id, '') || ' ' || coalesce(description, '')), 'ıçğöşüâîû', 'icgosuaiu')) STORED;--> statement-breakpoint
CREATE INDEX "bonus_requests_search_trgm_idx" ON "bonus_requests" USING gin ("search_text" gin_trgm_ops);
