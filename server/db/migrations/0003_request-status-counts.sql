CREATE TABLE "bonus_request_status_counts" (
	"project_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bonus_request_status_counts_project_id_status_pk" PRIMARY KEY("project_id","status")
);
--> statement-breakpoint
ALTER TABLE "bonus_request_status_counts" ADD CONSTRAINT "bonus_request_status_counts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;