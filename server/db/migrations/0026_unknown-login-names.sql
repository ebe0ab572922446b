CREATE TABLE "unknown_login_names" (
	"name_key" text PRIMARY KEY NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "unknown_login_names_locked_idx" ON "unknown_login_names" USING btree ("locked_until");