CREATE TABLE "file_blob" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_chunk" (
	"sha256" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunk_sha256_seq_pk" PRIMARY KEY("sha256","seq")
);
--> statement-breakpoint
CREATE INDEX "stored_file_sha256_idx" ON "stored_file" USING btree ("sha256");--> statement-breakpoint
-- Uploads are mostly compressed already (images, PDFs, office zips): store the pieces out of line without trying pglz.
ALTER TABLE "file_chunk" ALTER COLUMN "data" SET STORAGE EXTERNAL;
