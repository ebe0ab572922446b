-- What share of requests holds each trigram of the search text (ANALYZE's most-common-element
-- statistics of the expression). The list search hands the trigram index only a term's uncommon
-- trigrams and checks the whole term on what it finds (search-trigrams.ts): a frequent trigram's
-- posting list is decoded over its whole length by every scan that names it.
CREATE STATISTICS IF NOT EXISTS bonus_requests_search_trigrams ON (show_trgm(search_text)) FROM bonus_requests;
--> statement-breakpoint
ANALYZE bonus_requests;
