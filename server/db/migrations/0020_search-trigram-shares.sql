CREATE TABLE "search_trigram_shares" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"shares" jsonb NOT NULL,
	"cutoff" real NOT NULL,
	"sampled_rows" integer NOT NULL,
	"table_rows" real NOT NULL,
	"sampled_at" timestamp with time zone DEFAULT now() NOT NULL
);
