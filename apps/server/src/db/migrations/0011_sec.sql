CREATE TABLE "sign_in_failure" (
	"user_id" integer NOT NULL,
	"ip" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"hold_offs" integer DEFAULT 0 NOT NULL,
	"held_until" timestamp with time zone,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_failure_pk" PRIMARY KEY("user_id","ip")
);
--> statement-breakpoint
ALTER TABLE "login_log" RENAME COLUMN "success" TO "result";--> statement-breakpoint
ALTER TABLE "login_log" RENAME COLUMN "reason" TO "message";--> statement-breakpoint
ALTER TABLE "sign_in_failure" ADD CONSTRAINT "sign_in_failure_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;