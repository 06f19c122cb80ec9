CREATE TABLE "delegate_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delegate_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delegate_id" integer,
	"event" text NOT NULL,
	"delegate_by" integer NOT NULL,
	"delegate_to" integer NOT NULL,
	"ticket_id" integer,
	"task_id" bigint,
	"instance_id" integer,
	"actor_id" integer,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"business_table" text,
	"status" text DEFAULT 'Draft' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"description" text,
	"flow_chart" jsonb,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflow_action" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_action_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instance_id" integer NOT NULL,
	"task_id" bigint,
	"node_id" text,
	"node_name" text,
	"action" text NOT NULL,
	"actor_id" integer,
	"on_behalf_of_id" integer,
	"comment" text,
	"comment_key" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_instance" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_instance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"workflow_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"workflow_code" text NOT NULL,
	"version" integer NOT NULL,
	"business_type" text NOT NULL,
	"business_id" integer NOT NULL,
	"project_id" integer,
	"title" text NOT NULL,
	"status" text DEFAULT 'Running' NOT NULL,
	"initiator_id" integer NOT NULL,
	"current_nodes" text[] DEFAULT '{}'::text[] NOT NULL,
	"path" text[] DEFAULT '{}'::text[] NOT NULL,
	"picks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflow_registry" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_registry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"business_type" text NOT NULL,
	"workflow_code" text NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "workflow_task" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_task_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instance_id" integer NOT NULL,
	"node_id" text NOT NULL,
	"node_name" text NOT NULL,
	"kind" text DEFAULT 'approve' NOT NULL,
	"owner_id" integer NOT NULL,
	"assignee_id" integer NOT NULL,
	"on_behalf_of_id" integer,
	"status" text DEFAULT 'Pending' NOT NULL,
	"seq" smallint DEFAULT 0 NOT NULL,
	"round" smallint DEFAULT 1 NOT NULL,
	"parent_task_id" bigint,
	"added_by" integer,
	"added_position" text,
	"comment" text,
	"due_at" timestamp with time zone,
	"remind_count" smallint DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflow_version" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workflow_version_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workflow_id" integer NOT NULL,
	"code" text NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"flow_chart" jsonb NOT NULL,
	"summary" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer
);
--> statement-breakpoint
ALTER TABLE "workflow" ADD CONSTRAINT "workflow_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow" ADD CONSTRAINT "workflow_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_action" ADD CONSTRAINT "workflow_action_instance_id_workflow_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."workflow_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_action" ADD CONSTRAINT "workflow_action_actor_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_action" ADD CONSTRAINT "workflow_action_on_behalf_of_fk" FOREIGN KEY ("on_behalf_of_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instance" ADD CONSTRAINT "workflow_instance_workflow_id_workflow_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflow"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instance" ADD CONSTRAINT "workflow_instance_version_id_workflow_version_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."workflow_version"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_instance" ADD CONSTRAINT "workflow_instance_initiator_fk" FOREIGN KEY ("initiator_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_registry" ADD CONSTRAINT "workflow_registry_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_registry" ADD CONSTRAINT "workflow_registry_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_task" ADD CONSTRAINT "workflow_task_instance_id_workflow_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."workflow_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_task" ADD CONSTRAINT "workflow_task_owner_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_task" ADD CONSTRAINT "workflow_task_assignee_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_task" ADD CONSTRAINT "workflow_task_on_behalf_of_fk" FOREIGN KEY ("on_behalf_of_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_version" ADD CONSTRAINT "workflow_version_workflow_id_workflow_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflow"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_version" ADD CONSTRAINT "workflow_version_published_by_fk" FOREIGN KEY ("published_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delegate_log_by_idx" ON "delegate_log" USING btree ("delegate_by","id");--> statement-breakpoint
CREATE INDEX "delegate_log_to_idx" ON "delegate_log" USING btree ("delegate_to","id");--> statement-breakpoint
CREATE INDEX "delegate_log_delegate_idx" ON "delegate_log" USING btree ("delegate_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_code_key" ON "workflow" USING btree ("code");--> statement-breakpoint
CREATE INDEX "workflow_action_instance_idx" ON "workflow_action" USING btree ("instance_id","id");--> statement-breakpoint
CREATE INDEX "workflow_instance_business_idx" ON "workflow_instance" USING btree ("business_type","business_id");--> statement-breakpoint
CREATE INDEX "workflow_instance_initiator_idx" ON "workflow_instance" USING btree ("initiator_id","id");--> statement-breakpoint
CREATE INDEX "workflow_instance_status_idx" ON "workflow_instance" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_instance_running_key" ON "workflow_instance" USING btree ("business_type","business_id") WHERE "workflow_instance"."status" = 'Running';--> statement-breakpoint
CREATE INDEX "workflow_registry_type_idx" ON "workflow_registry" USING btree ("business_type","priority");--> statement-breakpoint
CREATE INDEX "workflow_task_todo_idx" ON "workflow_task" USING btree ("assignee_id","id") WHERE "workflow_task"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "workflow_task_owner_todo_idx" ON "workflow_task" USING btree ("owner_id","id") WHERE "workflow_task"."status" = 'Pending' and "workflow_task"."on_behalf_of_id" is not null;--> statement-breakpoint
CREATE INDEX "workflow_task_done_idx" ON "workflow_task" USING btree ("assignee_id","completed_at") WHERE "workflow_task"."status" <> 'Pending';--> statement-breakpoint
CREATE INDEX "workflow_task_instance_idx" ON "workflow_task" USING btree ("instance_id","node_id");--> statement-breakpoint
CREATE INDEX "workflow_task_parent_idx" ON "workflow_task" USING btree ("parent_task_id") WHERE "workflow_task"."parent_task_id" is not null;--> statement-breakpoint
CREATE INDEX "workflow_task_check_idx" ON "workflow_task" USING btree ("next_check_at") WHERE "workflow_task"."status" = 'Pending' and "workflow_task"."next_check_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_version_key" ON "workflow_version" USING btree ("workflow_id","version");--> statement-breakpoint
-- A database made before this version has a menu tree already (the seed fills only an empty one): the new
-- entries join their groups unless an entry with their path exists. A new database gets them from the seed.
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "icon")
SELECT p."id", '/task', 'Task', 'task/index', 30, 'My approvals',
       '{"en":"My approvals","zh-cn":"我的审批","zh-tw":"我的審核"}'::jsonb, 'AuditOutlined'
  FROM "menu" p
 WHERE p."path" = '/dashboard' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/task');--> statement-breakpoint
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "is_hide")
SELECT p."id", '/workflow/instance/info/:id', 'WorkflowInstanceInfo', 'workflow/instance/info/index', 40, 'Approval',
       '{"en":"Approval","zh-cn":"审批详情","zh-tw":"審核詳情"}'::jsonb, true
  FROM "menu" p
 WHERE p."path" = '/dashboard' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/workflow/instance/info/:id');--> statement-breakpoint
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "identification", "permission_module")
SELECT p."id", '/delegate/audit', 'DelegateAudit', 'delegate/audit/index', 80, 'Delegate audit',
       '{"en":"Delegate audit","zh-cn":"委托审计","zh-tw":"委託稽核"}'::jsonb, 'delegate:history', 'delegate'
  FROM "menu" p
 WHERE p."path" = '/organization' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/delegate/audit');
