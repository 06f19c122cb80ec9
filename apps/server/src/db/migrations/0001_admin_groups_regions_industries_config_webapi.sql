CREATE TABLE "user_group" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_group_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"name" text NOT NULL,
	"parent_id" integer,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_group_member" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "user_group_member_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "region" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "region_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"pinyin" text,
	"zip_code" text,
	"parent_code" text,
	"type" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "industry" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "industry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "configuration" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "configuration_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"name" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"type_id" integer,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"enable" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_api" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "web_api_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"name" text NOT NULL,
	"area" text,
	"controller" text,
	"action" text,
	"code" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "user_group_one_default_uq" ON "user_group" USING btree ("is_default") WHERE "user_group"."is_default";--> statement-breakpoint
CREATE INDEX "user_group_parent_idx" ON "user_group" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "user_group_member_user_idx" ON "user_group_member" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "region_code_uq" ON "region" USING btree ("code");--> statement-breakpoint
CREATE INDEX "region_parent_code_idx" ON "region" USING btree ("parent_code");--> statement-breakpoint
CREATE UNIQUE INDEX "industry_code_uq" ON "industry" USING btree ("code");--> statement-breakpoint
CREATE INDEX "industry_parent_idx" ON "industry" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "configuration_name_uq" ON "configuration" USING btree ("name");--> statement-breakpoint
CREATE INDEX "configuration_type_idx" ON "configuration" USING btree ("type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "web_api_method_url_uq" ON "web_api" USING btree ("method","url");--> statement-breakpoint
CREATE INDEX "web_api_controller_idx" ON "web_api" USING btree ("controller");