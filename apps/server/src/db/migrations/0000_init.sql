CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_id" integer,
	"changes" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_nonce" (
	"nonce" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"login_name" text NOT NULL,
	"user_id" integer,
	"success" text NOT NULL,
	"reason" text,
	"ip" text,
	"user_agent" text,
	"log_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" text NOT NULL,
	"method" text NOT NULL,
	"area" text,
	"controller" text,
	"action" text,
	"url" text NOT NULL,
	"access_url" text,
	"ip" text,
	"user_id" integer,
	"login_name" text,
	"status" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"log_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"level" text NOT NULL,
	"source" text NOT NULL,
	"message" text NOT NULL,
	"request_id" text,
	"user_id" integer,
	"detail" jsonb,
	"log_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_secret" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_session" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_refresh_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app_user_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"login_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"real_name" text,
	"last_name" text,
	"full_name" text,
	"email" text,
	"mobile" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"dept_id" integer,
	"position_id" integer,
	"user_type" text,
	"language" text DEFAULT 'en' NOT NULL,
	"time_zone" text,
	"location" text,
	"job_title" text,
	"escalation" text,
	"photo" text,
	"remark" text,
	"sex" text DEFAULT 'secret' NOT NULL,
	"birth" text,
	"address" text,
	"master_user" integer,
	"private_ticket" boolean DEFAULT false NOT NULL,
	"can_email" boolean DEFAULT true NOT NULL,
	"incident_email_notify" boolean DEFAULT true NOT NULL,
	"need_to_change_pwd" boolean DEFAULT false NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"last_error_time" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"last_login_time" timestamp with time zone,
	"last_login_ip" text,
	"password_changed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "user_project" (
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	CONSTRAINT "user_project_user_id_project_id_pk" PRIMARY KEY("user_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "user_role" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "permission" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "permission_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"module" text NOT NULL,
	"action" text NOT NULL,
	"name" text NOT NULL,
	"is_button" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "role_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"data_scope" text DEFAULT 'projects' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permission" (
	"role_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "role_permission_role_id_permission_id_pk" PRIMARY KEY("role_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "menu" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "menu_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"parent_id" integer,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"component" text DEFAULT '' NOT NULL,
	"redirect" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"menu_type" text DEFAULT 'menu' NOT NULL,
	"title" text NOT NULL,
	"titles" jsonb,
	"link_url" text,
	"is_hide" boolean DEFAULT false NOT NULL,
	"is_keep_alive" boolean DEFAULT true NOT NULL,
	"is_affix" boolean DEFAULT false NOT NULL,
	"is_iframe" boolean DEFAULT false NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"identification" text,
	"permission_module" text,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dept" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dept_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"parent_id" integer,
	"org_id" integer,
	"leader_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "position" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "position_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionary" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dictionary_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"enable" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionary_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dictionary_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"dictionary_id" integer NOT NULL,
	"key" text NOT NULL,
	"parent_key" text,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enable" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"org_id" integer,
	"user_type" text,
	"company_type" text,
	"post_code" text,
	"address" text,
	"legal_person" text,
	"scale" text,
	"link_man" text,
	"contact" text,
	"phone" text,
	"email" text,
	"fax" text,
	"link_tel" text,
	"logo" text,
	"region" text,
	"source" text,
	"industry_id" integer,
	"business_unit" text,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"project_code" text NOT NULL,
	"project_name" text NOT NULL,
	"project_description" text,
	"project_status" text DEFAULT 'Active' NOT NULL,
	"active_at" date,
	"in_active_at" date,
	"business_unit" text
);
--> statement-breakpoint
CREATE TABLE "project_company" (
	"project_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "project_company_project_id_company_id_pk" PRIMARY KEY("project_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "category" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"category_code" text NOT NULL,
	"category_description" text NOT NULL,
	"category_status" text DEFAULT 'Active' NOT NULL,
	"new_ticket_assignee" integer
);
--> statement-breakpoint
CREATE TABLE "category_project" (
	"category_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	CONSTRAINT "category_project_category_id_project_id_pk" PRIMARY KEY("category_id","project_id")
);
--> statement-breakpoint
ALTER TABLE "dictionary_item" ADD CONSTRAINT "dictionary_item_dictionary_id_dictionary_id_fk" FOREIGN KEY ("dictionary_id") REFERENCES "public"."dictionary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "auth_nonce_seen_at_idx" ON "auth_nonce" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "email_outbox_status_idx" ON "email_outbox" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "login_log_time_idx" ON "login_log" USING btree ("log_time");--> statement-breakpoint
CREATE INDEX "login_log_user_idx" ON "login_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "request_log_time_idx" ON "request_log" USING btree ("log_time");--> statement-breakpoint
CREATE INDEX "request_log_user_idx" ON "request_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "system_log_time_idx" ON "system_log" USING btree ("log_time");--> statement-breakpoint
CREATE INDEX "password_reset_user_idx" ON "password_reset" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_token_session_idx" ON "refresh_token" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "user_session_user_idx" ON "user_session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_login_name_uq" ON "app_user" USING btree (lower("login_name"));--> statement-breakpoint
CREATE INDEX "app_user_dept_idx" ON "app_user" USING btree ("dept_id");--> statement-breakpoint
CREATE INDEX "app_user_position_idx" ON "app_user" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "user_project_project_idx" ON "user_project" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "user_role_role_idx" ON "user_role" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_code_uq" ON "permission" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "role_code_uq" ON "role" USING btree ("code");--> statement-breakpoint
CREATE INDEX "role_permission_permission_idx" ON "role_permission" USING btree ("permission_id");--> statement-breakpoint
CREATE INDEX "menu_parent_idx" ON "menu" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dept_code_uq" ON "dept" USING btree ("code");--> statement-breakpoint
CREATE INDEX "dept_parent_idx" ON "dept" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "position_code_uq" ON "position" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_code_uq" ON "dictionary" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_item_key_uq" ON "dictionary_item" USING btree ("dictionary_id","key");--> statement-breakpoint
CREATE INDEX "dictionary_item_dict_idx" ON "dictionary_item" USING btree ("dictionary_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_code_uq" ON "company" USING btree ("code");--> statement-breakpoint
CREATE INDEX "company_name_idx" ON "company" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "project_code_uq" ON "project" USING btree ("project_code");--> statement-breakpoint
CREATE INDEX "project_company_company_idx" ON "project_company" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "category_code_uq" ON "category" USING btree ("category_code");--> statement-breakpoint
CREATE INDEX "category_project_project_idx" ON "category_project" USING btree ("project_id");