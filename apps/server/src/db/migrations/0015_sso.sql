CREATE TABLE "sso_flow" (
	"state" text PRIMARY KEY NOT NULL,
	"browser_key_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_handoff" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"browser_key_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"id_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_session" ADD COLUMN "sso_id_token" text;--> statement-breakpoint
ALTER TABLE "sso_handoff" ADD CONSTRAINT "sso_handoff_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_flow_expires_idx" ON "sso_flow" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_handoff_user_idx" ON "sso_handoff" USING btree ("user_id");