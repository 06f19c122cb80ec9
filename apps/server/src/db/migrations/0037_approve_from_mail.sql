CREATE TABLE "workflow_link_use" (
	"nonce" text PRIMARY KEY NOT NULL,
	"task_id" bigint NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email" ADD COLUMN "workflow_task_id" bigint;--> statement-breakpoint
ALTER TABLE "workflow_action" ADD COLUMN "channel" text;--> statement-breakpoint
-- The seeded approval-task mails offer the approve/reject links (a template an admin reworded keeps its words).
UPDATE "email_template" SET "body" = replace("body", '<p><a href="{{ link }}">Open the approval</a></p>', '<p><a href="{{ link }}">Open the approval</a></p>
{% if approval.approveLink != "" %}<p><a href="{{ approval.approveLink }}">Approve</a> · <a href="{{ approval.rejectLink }}">Reject</a> (each link opens a page where you confirm). Or reply to this mail with "approve" or "reject" on the first line; the rest of your reply is the comment.</p>{% endif %}') WHERE "event" = 'approvalTask' AND "language" = 'en' AND position('approval.approveLink' in "body") = 0;
--> statement-breakpoint
UPDATE "email_template" SET "body" = replace("body", '<p><a href="{{ link }}">打开审批</a></p>', '<p><a href="{{ link }}">打开审批</a></p>
{% if approval.approveLink != "" %}<p><a href="{{ approval.approveLink }}">同意</a> · <a href="{{ approval.rejectLink }}">驳回</a>（链接先打开确认页）。也可直接回复本邮件，第一行写“同意”或“驳回”，其余内容作为意见。</p>{% endif %}') WHERE "event" = 'approvalTask' AND "language" = 'zh-cn' AND position('approval.approveLink' in "body") = 0;
--> statement-breakpoint
UPDATE "email_template" SET "body" = replace("body", '<p><a href="{{ link }}">開啟審批</a></p>', '<p><a href="{{ link }}">開啟審批</a></p>
{% if approval.approveLink != "" %}<p><a href="{{ approval.approveLink }}">同意</a> · <a href="{{ approval.rejectLink }}">駁回</a>（連結先開啟確認頁）。也可直接回覆本郵件，第一行寫「同意」或「駁回」，其餘內容作為意見。</p>{% endif %}') WHERE "event" = 'approvalTask' AND "language" = 'zh-tw' AND position('approval.approveLink' in "body") = 0;
