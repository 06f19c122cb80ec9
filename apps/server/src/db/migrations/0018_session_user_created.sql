DROP INDEX "user_session_user_idx";--> statement-breakpoint
CREATE INDEX "user_session_user_idx" ON "user_session" USING btree ("user_id","created_at");