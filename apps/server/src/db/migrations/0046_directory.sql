ALTER TABLE "app_user" ADD COLUMN "directory_dn" text;--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_directory_dn_uq" ON "app_user" USING btree (lower("directory_dn"));