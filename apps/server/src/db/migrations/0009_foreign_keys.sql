-- Foreign keys for references the code used to check alone. Rows left pointing at nothing by older versions
-- are dealt with first, each named in a NOTICE: an optional reference is cleared, a link row (or a session row) of a
-- missing record is deleted, and a required reference stops the migration with one message listing them all
-- (nothing is changed then: the migration runs in one transaction).
DO $$
DECLARE
  ref record;
  orphans integer;
  missing text;
  orphan_rows text;
  failures text := '';
BEGIN
  FOR ref IN SELECT * FROM (VALUES
    ('password_reset', 'user_id', 'app_user', 'id', 'delete'),
    ('app_user', 'dept_id', 'dept', 'id', 'null'),
    ('app_user', 'position_id', 'position', 'id', 'null'),
    ('app_user', 'master_user', 'app_user', 'id', 'null'),
    ('app_user', 'deleted_by', 'app_user', 'id', 'null'),
    ('app_user', 'created_by', 'app_user', 'id', 'null'),
    ('app_user', 'modified_by', 'app_user', 'id', 'null'),
    ('user_project', 'user_id', 'app_user', 'id', 'delete'),
    ('user_project', 'project_id', 'project', 'id', 'delete'),
    ('user_role', 'user_id', 'app_user', 'id', 'delete'),
    ('user_role', 'role_id', 'role', 'id', 'delete'),
    ('role', 'created_by', 'app_user', 'id', 'null'),
    ('role', 'modified_by', 'app_user', 'id', 'null'),
    ('role_permission', 'role_id', 'role', 'id', 'delete'),
    ('role_permission', 'permission_id', 'permission', 'id', 'delete'),
    ('menu', 'parent_id', 'menu', 'id', 'null'),
    ('menu', 'created_by', 'app_user', 'id', 'null'),
    ('menu', 'modified_by', 'app_user', 'id', 'null'),
    ('dept', 'parent_id', 'dept', 'id', 'null'),
    ('dept', 'leader_id', 'app_user', 'id', 'null'),
    ('dept', 'created_by', 'app_user', 'id', 'null'),
    ('dept', 'modified_by', 'app_user', 'id', 'null'),
    ('position', 'created_by', 'app_user', 'id', 'null'),
    ('position', 'modified_by', 'app_user', 'id', 'null'),
    ('dictionary', 'created_by', 'app_user', 'id', 'null'),
    ('dictionary', 'modified_by', 'app_user', 'id', 'null'),
    ('company', 'industry_id', 'industry', 'id', 'null'),
    ('company', 'created_by', 'app_user', 'id', 'null'),
    ('company', 'modified_by', 'app_user', 'id', 'null'),
    ('project', 'created_by', 'app_user', 'id', 'null'),
    ('project', 'modified_by', 'app_user', 'id', 'null'),
    ('category', 'new_ticket_assignee', 'app_user', 'id', 'null'),
    ('category', 'created_by', 'app_user', 'id', 'null'),
    ('category', 'modified_by', 'app_user', 'id', 'null'),
    ('user_group', 'parent_id', 'user_group', 'id', 'null'),
    ('user_group', 'created_by', 'app_user', 'id', 'null'),
    ('user_group', 'modified_by', 'app_user', 'id', 'null'),
    ('user_group_member', 'group_id', 'user_group', 'id', 'delete'),
    ('user_group_member', 'user_id', 'app_user', 'id', 'delete'),
    ('region', 'parent_code', 'region', 'code', 'null'),
    ('region', 'created_by', 'app_user', 'id', 'null'),
    ('region', 'modified_by', 'app_user', 'id', 'null'),
    ('industry', 'parent_id', 'industry', 'id', 'null'),
    ('industry', 'created_by', 'app_user', 'id', 'null'),
    ('industry', 'modified_by', 'app_user', 'id', 'null'),
    ('configuration', 'type_id', 'dictionary_item', 'id', 'null'),
    ('configuration', 'created_by', 'app_user', 'id', 'null'),
    ('configuration', 'modified_by', 'app_user', 'id', 'null'),
    ('web_api', 'created_by', 'app_user', 'id', 'null'),
    ('web_api', 'modified_by', 'app_user', 'id', 'null'),
    ('delegate', 'delegate_by', 'app_user', 'id', 'fail'),
    ('delegate', 'delegate_to', 'app_user', 'id', 'fail'),
    ('delegate', 'created_by', 'app_user', 'id', 'null'),
    ('delegate', 'modified_by', 'app_user', 'id', 'null'),
    ('delegate_project', 'project_id', 'project', 'id', 'delete'),
    ('stored_file', 'created_by', 'app_user', 'id', 'null'),
    ('stored_file', 'modified_by', 'app_user', 'id', 'null'),
    ('ticket', 'project_id', 'project', 'id', 'fail'),
    ('ticket', 'category_id', 'category', 'id', 'null'),
    ('ticket', 'company_id', 'company', 'id', 'null'),
    ('ticket', 'parent_ticket', 'ticket', 'id', 'null'),
    ('ticket', 'assign_to', 'app_user', 'id', 'null'),
    ('ticket', 'delegate_to', 'app_user', 'id', 'null'),
    ('ticket', 'opened_by', 'app_user', 'id', 'null'),
    ('ticket', 'solved_by', 'app_user', 'id', 'null'),
    ('ticket', 'created_by', 'app_user', 'id', 'null'),
    ('ticket', 'modified_by', 'app_user', 'id', 'null'),
    ('ticket_comment', 'created_by', 'app_user', 'id', 'null'),
    ('ticket_comment', 'modified_by', 'app_user', 'id', 'null'),
    ('ticket_history', 'actor_id', 'app_user', 'id', 'null'),
    ('ticket_history', 'comment_id', 'ticket_comment', 'id', 'null'),
    ('app_setting', 'created_by', 'app_user', 'id', 'null'),
    ('app_setting', 'modified_by', 'app_user', 'id', 'null'),
    ('holiday', 'created_by', 'app_user', 'id', 'null'),
    ('holiday', 'modified_by', 'app_user', 'id', 'null'),
    ('user_session', 'user_id', 'app_user', 'id', 'delete'),
    ('refresh_token', 'session_id', 'user_session', 'id', 'delete')
  ) AS r(tbl, col, target, target_col, fix)
  LOOP
    -- o: the referencing row, p: the record it names (the same table for a parent).
    orphan_rows := format('o.%1$I IS NOT NULL AND NOT EXISTS (SELECT 1 FROM %2$I p WHERE p.%3$I = o.%1$I)',
      ref.col, ref.target, ref.target_col);
    EXECUTE format('SELECT count(*)::int, array_to_string((array_agg(DISTINCT o.%2$I::text))[1:20], '', '') FROM %1$I o WHERE %3$s',
      ref.tbl, ref.col, orphan_rows) INTO orphans, missing;
    CONTINUE WHEN orphans = 0;
    IF ref.fix = 'null' THEN
      EXECUTE format('UPDATE %1$I o SET %2$I = NULL WHERE %3$s', ref.tbl, ref.col, orphan_rows);
      RAISE NOTICE '%.% of % row(s) pointed at no % (missing %.%: %); cleared.',
        ref.tbl, ref.col, orphans, ref.target, ref.target, ref.target_col, missing;
    ELSIF ref.fix = 'delete' THEN
      EXECUTE format('DELETE FROM %1$I o WHERE %2$s', ref.tbl, orphan_rows);
      RAISE NOTICE '% row(s) of % pointed at no % by % (missing %.%: %); deleted.',
        orphans, ref.tbl, ref.target, ref.col, ref.target, ref.target_col, missing;
    ELSE
      failures := failures || format(E'\n  %s.%s: %s row(s) point at no %s (missing %s.%s: %s)',
        ref.tbl, ref.col, orphans, ref.target, ref.target, ref.target_col, missing);
    END IF;
  END LOOP;
  IF failures <> '' THEN
    RAISE EXCEPTION 'Cannot add foreign keys: required references point at missing records. Fix or delete these rows, then start again:%', failures;
  END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "password_reset" ADD CONSTRAINT "password_reset_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_session_fk" FOREIGN KEY ("session_id") REFERENCES "public"."user_session"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_session" ADD CONSTRAINT "user_session_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_dept_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."dept"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_position_fk" FOREIGN KEY ("position_id") REFERENCES "public"."position"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_master_user_fk" FOREIGN KEY ("master_user") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_deleted_by_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_project" ADD CONSTRAINT "user_project_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_project" ADD CONSTRAINT "user_project_project_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_role_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_role_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permission" ADD CONSTRAINT "role_permission_permission_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permission"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu" ADD CONSTRAINT "menu_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."menu"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu" ADD CONSTRAINT "menu_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu" ADD CONSTRAINT "menu_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dept" ADD CONSTRAINT "dept_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dept"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dept" ADD CONSTRAINT "dept_leader_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dept" ADD CONSTRAINT "dept_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dept" ADD CONSTRAINT "dept_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position" ADD CONSTRAINT "position_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position" ADD CONSTRAINT "position_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionary" ADD CONSTRAINT "dictionary_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionary" ADD CONSTRAINT "dictionary_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_industry_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industry"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company" ADD CONSTRAINT "company_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_new_ticket_assignee_fk" FOREIGN KEY ("new_ticket_assignee") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category" ADD CONSTRAINT "category_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group" ADD CONSTRAINT "user_group_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."user_group"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group" ADD CONSTRAINT "user_group_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group" ADD CONSTRAINT "user_group_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_member" ADD CONSTRAINT "user_group_member_group_fk" FOREIGN KEY ("group_id") REFERENCES "public"."user_group"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_member" ADD CONSTRAINT "user_group_member_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region" ADD CONSTRAINT "region_parent_fk" FOREIGN KEY ("parent_code") REFERENCES "public"."region"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region" ADD CONSTRAINT "region_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region" ADD CONSTRAINT "region_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "industry" ADD CONSTRAINT "industry_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."industry"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "industry" ADD CONSTRAINT "industry_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "industry" ADD CONSTRAINT "industry_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configuration" ADD CONSTRAINT "configuration_type_fk" FOREIGN KEY ("type_id") REFERENCES "public"."dictionary_item"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configuration" ADD CONSTRAINT "configuration_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configuration" ADD CONSTRAINT "configuration_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_api" ADD CONSTRAINT "web_api_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_api" ADD CONSTRAINT "web_api_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegate" ADD CONSTRAINT "delegate_delegate_by_fk" FOREIGN KEY ("delegate_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegate" ADD CONSTRAINT "delegate_delegate_to_fk" FOREIGN KEY ("delegate_to") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegate" ADD CONSTRAINT "delegate_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegate" ADD CONSTRAINT "delegate_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegate_project" ADD CONSTRAINT "delegate_project_project_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_project_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_category_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_parent_ticket_fk" FOREIGN KEY ("parent_ticket") REFERENCES "public"."ticket"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_assign_to_fk" FOREIGN KEY ("assign_to") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_delegate_to_fk" FOREIGN KEY ("delegate_to") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_opened_by_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_solved_by_fk" FOREIGN KEY ("solved_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket" ADD CONSTRAINT "ticket_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comment" ADD CONSTRAINT "ticket_comment_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comment" ADD CONSTRAINT "ticket_comment_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_history" ADD CONSTRAINT "ticket_history_actor_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_history" ADD CONSTRAINT "ticket_history_comment_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."ticket_comment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_setting" ADD CONSTRAINT "app_setting_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_setting" ADD CONSTRAINT "app_setting_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday" ADD CONSTRAINT "holiday_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday" ADD CONSTRAINT "holiday_modified_by_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;