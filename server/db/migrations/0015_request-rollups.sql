CREATE TABLE "bonus_request_daily" (
	"project_id" integer NOT NULL,
	"day" date NOT NULL,
	"bonus_type" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"proc_n" integer DEFAULT 0 NOT NULL,
	"proc_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "bonus_request_daily_project_id_day_bonus_type_status_pk" PRIMARY KEY("project_id","day","bonus_type","status")
);
--> statement-breakpoint
CREATE TABLE "bonus_request_daily_agents" (
	"project_id" integer NOT NULL,
	"day" date NOT NULL,
	"agent_id" integer NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"proc_n" integer DEFAULT 0 NOT NULL,
	"proc_ms" bigint DEFAULT 0 NOT NULL,
	"requeues" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bonus_request_daily_agents_project_id_day_agent_id_pk" PRIMARY KEY("project_id","day","agent_id")
);
--> statement-breakpoint
CREATE TABLE "bonus_request_hourly" (
	"project_id" integer NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bonus_request_hourly_project_id_day_hour_pk" PRIMARY KEY("project_id","day","hour")
);
--> statement-breakpoint
CREATE TABLE "bonus_request_proc_minutes" (
	"project_id" integer NOT NULL,
	"day" date NOT NULL,
	"agent_id" integer NOT NULL,
	"minutes" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bonus_request_proc_minutes_project_id_day_agent_id_minutes_pk" PRIMARY KEY("project_id","day","agent_id","minutes")
);
--> statement-breakpoint
ALTER TABLE "bonus_request_daily" ADD CONSTRAINT "bonus_request_daily_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_request_daily_agents" ADD CONSTRAINT "bonus_request_daily_agents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_request_hourly" ADD CONSTRAINT "bonus_request_hourly_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_request_proc_minutes" ADD CONSTRAINT "bonus_request_proc_minutes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;