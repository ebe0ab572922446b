CREATE TABLE "bonus_request_duplicates" (
	"request_id" integer NOT NULL,
	"other_id" integer NOT NULL,
	CONSTRAINT "bonus_request_duplicates_request_id_other_id_pk" PRIMARY KEY("request_id","other_id")
);
--> statement-breakpoint
ALTER TABLE "bonus_request_duplicates" ADD CONSTRAINT "bonus_request_duplicates_request_id_bonus_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."bonus_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_request_duplicates" ADD CONSTRAINT "bonus_request_duplicates_other_id_bonus_requests_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."bonus_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_request_duplicates_other_idx" ON "bonus_request_duplicates" USING btree ("other_id");--> statement-breakpoint
-- The requests flagged so far (each pointed at its latest earlier match) are the later request of
-- every pair: each is paired, both ways, with all its earlier matches within its project's window.
WITH pairs AS (
	SELECT n.id AS a, o.id AS b
	FROM "bonus_requests" n
	LEFT JOIN "project_settings" s ON s.project_id = n.project_id
	JOIN "bonus_requests" o ON o.project_id = n.project_id AND o.bonus_type = n.bonus_type
		AND coalesce(nullif(o.customer_id, ''), 'u:' || lower(nullif(o.customer_username, ''))) = coalesce(nullif(n.customer_id, ''), 'u:' || lower(nullif(n.customer_username, '')))
		AND o.created_at >= n.created_at - make_interval(hours => coalesce(s.duplicate_window_hours, 24))
		AND (o.created_at, o.id) < (n.created_at, n.id)
	WHERE n.possible_duplicate_of_id IS NOT NULL
)
INSERT INTO "bonus_request_duplicates" (request_id, other_id)
SELECT a, b FROM pairs UNION SELECT b, a FROM pairs
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "bonus_requests" DROP COLUMN "possible_duplicate_of_id";