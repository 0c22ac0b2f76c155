CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trigger" varchar(20) NOT NULL,
	"status" varchar(20) NOT NULL,
	"file" text,
	"bytes" bigint,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "backups_finished_at_idx" ON "backups" USING btree ("finished_at");