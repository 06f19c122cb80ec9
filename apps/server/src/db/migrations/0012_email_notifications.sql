CREATE TABLE "email" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"account_id" integer,
	"subject" text DEFAULT '' NOT NULL,
	"from_address" text,
	"from_name" text,
	"to_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"cc_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"bcc_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"attachments" integer[] DEFAULT '{}'::int[] NOT NULL,
	"ticket_id" integer,
	"comment_id" integer,
	"message_id" text,
	"in_reply_to" text,
	"references" text[] DEFAULT '{}'::text[] NOT NULL,
	"event" text,
	"template_id" integer,
	"language" text,
	"send_date" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"error" text,
	"received_at" timestamp with time zone,
	"source_key" text,
	"mailbox_key" text,
	"raw_file_id" integer,
	"headers" jsonb,
	"thread_reason" text,
	"thread_detail" text,
	"related_email_id" integer
);
--> statement-breakpoint
CREATE TABLE "email_suppression" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_suppression_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"address" text NOT NULL,
	"reason" text NOT NULL,
	"bounce_email_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_template" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"event" text,
	"language" text DEFAULT 'en' NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_account" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_account_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer,
	"name" text NOT NULL,
	"display_name" text,
	"address" text NOT NULL,
	"account" text NOT NULL,
	"password_encrypted" text NOT NULL,
	"smtp_host" text NOT NULL,
	"smtp_port" integer NOT NULL,
	"smtp_ssl" boolean DEFAULT false NOT NULL,
	"smtp_start_tls" boolean DEFAULT true NOT NULL,
	"incoming_protocol" text DEFAULT 'IMAP' NOT NULL,
	"incoming_host" text,
	"incoming_port" integer,
	"incoming_ssl" boolean DEFAULT true NOT NULL,
	"incoming_start_tls" boolean DEFAULT false NOT NULL,
	"incoming_folder" text DEFAULT 'INBOX' NOT NULL,
	"fetch_enabled" boolean DEFAULT false NOT NULL,
	"fetch_interval_seconds" integer DEFAULT 60 NOT NULL,
	"default_project_id" integer,
	"default_category_id" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"next_fetch_at" timestamp with time zone,
	"last_fetch_at" timestamp with time zone,
	"last_fetch_result" text,
	"last_fetch_message" text
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"to_user_id" integer NOT NULL,
	"from_user_id" integer,
	"ms_type" text NOT NULL,
	"title" text NOT NULL,
	"title_key" text,
	"title_values" jsonb,
	"content" text DEFAULT '' NOT NULL,
	"link_data" jsonb,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "email_outbox" CASCADE;--> statement-breakpoint
ALTER TABLE "holiday_reminder_log" ADD COLUMN "email_id" integer;--> statement-breakpoint
ALTER TABLE "email" ADD CONSTRAINT "email_account_fk" FOREIGN KEY ("account_id") REFERENCES "public"."mail_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email" ADD CONSTRAINT "email_ticket_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."ticket"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email" ADD CONSTRAINT "email_comment_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."ticket_comment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email" ADD CONSTRAINT "email_raw_file_fk" FOREIGN KEY ("raw_file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email" ADD CONSTRAINT "email_related_fk" FOREIGN KEY ("related_email_id") REFERENCES "public"."email"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email" ADD CONSTRAINT "email_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email" ADD CONSTRAINT "email_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_suppression" ADD CONSTRAINT "email_suppression_bounce_email_id_email_id_fk" FOREIGN KEY ("bounce_email_id") REFERENCES "public"."email"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_template" ADD CONSTRAINT "email_template_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_template" ADD CONSTRAINT "email_template_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_account" ADD CONSTRAINT "mail_account_project_fk" FOREIGN KEY ("default_project_id") REFERENCES "public"."project"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_account" ADD CONSTRAINT "mail_account_category_fk" FOREIGN KEY ("default_category_id") REFERENCES "public"."category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_account" ADD CONSTRAINT "mail_account_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_account" ADD CONSTRAINT "mail_account_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_to_user_id_app_user_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_from_user_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_list_idx" ON "email" USING btree ("direction","id");--> statement-breakpoint
CREATE INDEX "email_ticket_idx" ON "email" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "email_outbox_idx" ON "email" USING btree ("next_attempt_at") WHERE "email"."status" = 'Sending';--> statement-breakpoint
CREATE INDEX "email_message_id_idx" ON "email" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_source_key" ON "email" USING btree ("account_id","source_key") WHERE "email"."direction" = 'In';--> statement-breakpoint
CREATE INDEX "email_mailbox_key_idx" ON "email" USING btree ("account_id","mailbox_key") WHERE "email"."mailbox_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "email_suppression_address_key" ON "email_suppression" USING btree (lower("address"));--> statement-breakpoint
CREATE UNIQUE INDEX "email_template_name_key" ON "email_template" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "email_template_event_key" ON "email_template" USING btree ("event","language") WHERE "email_template"."status" = 'Active' and "email_template"."event" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_account_name_key" ON "mail_account" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "mail_account_default_key" ON "mail_account" USING btree ("is_default") WHERE "mail_account"."is_default";--> statement-breakpoint
CREATE INDEX "notification_user_idx" ON "notification" USING btree ("to_user_id","id");--> statement-breakpoint
CREATE INDEX "notification_unread_idx" ON "notification" USING btree ("to_user_id") WHERE not "notification"."is_read";--> statement-breakpoint
ALTER TABLE "holiday_reminder_log" DROP COLUMN "email_outbox_id";--> statement-breakpoint
-- A database made before this version has a menu tree already (the seed fills only an empty one): "My
-- notifications" joins its Home group unless an entry with its path exists. A new database gets it from the seed.
INSERT INTO "menu" ("parent_id", "path", "name", "component", "sort", "title", "titles", "icon")
SELECT p."id", '/notification/list', 'NotificationList', 'notification/list/index', 20, 'My notifications',
       '{"en":"My notifications","zh-cn":"我的通知","zh-tw":"我的通知"}'::jsonb, 'BellOutlined'
  FROM "menu" p
 WHERE p."path" = '/dashboard' AND p."parent_id" IS NULL
   AND NOT EXISTS (SELECT 1 FROM "menu" m WHERE m."path" = '/notification/list');
