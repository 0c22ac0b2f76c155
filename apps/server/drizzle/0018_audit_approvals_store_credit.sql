CREATE SEQUENCE "public"."audit_log_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" varchar(40) NOT NULL,
	"requested_by" integer,
	"approved_by" integer NOT NULL,
	"method" varchar(10) NOT NULL,
	"outlet_id" integer,
	"register_id" integer,
	"amount" bigint,
	"detail" varchar(300) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY DEFAULT 0 NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_name" varchar(120),
	"outlet_id" integer,
	"register_id" integer,
	"action" varchar(60) NOT NULL,
	"subject_type" varchar(40),
	"subject_id" varchar(60),
	"summary" varchar(500) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"approved_by_id" integer,
	"approved_by_name" varchar(120),
	"ip" varchar(64),
	"prev_hash" varchar(64) DEFAULT '' NOT NULL,
	"hash" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drawer_openings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"register_id" integer NOT NULL,
	"user_id" integer,
	"reason" varchar(200) NOT NULL,
	"approval_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_credit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"delta" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"kind" varchar(12) NOT NULL,
	"reason" varchar(300),
	"order_id" integer,
	"refund_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cashbox_sessions" ADD COLUMN "close_approval_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "store_credit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_credit_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "store_credit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "approval_id" integer;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_openings" ADD CONSTRAINT "drawer_openings_session_id_cashbox_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."cashbox_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_openings" ADD CONSTRAINT "drawer_openings_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_openings" ADD CONSTRAINT "drawer_openings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_openings" ADD CONSTRAINT "drawer_openings_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_approver_idx" ON "approvals" USING btree ("approved_by","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "audit_log_register_idx" ON "audit_log" USING btree ("register_id","at");--> statement-breakpoint
CREATE INDEX "drawer_openings_session_idx" ON "drawer_openings" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "store_credit_entries_customer_idx" ON "store_credit_entries" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "store_credit_entries_order_idx" ON "store_credit_entries" USING btree ("order_id") WHERE "store_credit_entries"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "cashbox_sessions" ADD CONSTRAINT "cashbox_sessions_close_approval_id_approvals_id_fk" FOREIGN KEY ("close_approval_id") REFERENCES "public"."approvals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_store_credit_check" CHECK ("customers"."store_credit" >= 0);--> statement-breakpoint
-- The hash of an audit log row (issue 16): SHA-256 over the previous row's hash and every field of
-- this one, as one JSON array (jsonb's text is canonical; the time as microseconds since the epoch,
-- so neither the session's time zone nor its date style changes it). The chain trigger stores it;
-- `npm run audit:verify` (modules/audit/verify.ts) computes it again for every row.
CREATE OR REPLACE FUNCTION audit_entry_hash(entry audit_log) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(entry.prev_hash, entry.id, (extract(epoch FROM entry.at) * 1000000)::bigint,
    entry.user_id, entry.user_name, entry.outlet_id, entry.register_id, entry.action, entry.subject_type, entry.subject_id,
    entry.summary, entry.before, entry.after, entry.approved_by_id, entry.approved_by_name, entry.ip)::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Chains each new audit log row to the one before it (issue 16). Under a transaction-scoped
-- advisory lock, so rows are numbered and chained one writer at a time and in commit order: the
-- row takes the next number of audit_log_seq, the previous row's hash, and its own hash. The lock
-- is held to the end of the writer's transaction; a writer that rolls back leaves no row and at
-- most a gap in the numbers, never a broken link.
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7301160);
  NEW.id := nextval('audit_log_seq');
  NEW.prev_hash := coalesce((SELECT a.hash FROM audit_log a ORDER BY a.id DESC LIMIT 1), repeat('0', 64));
  NEW.hash := audit_entry_hash(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- The audit log is append-only (issue 16): every UPDATE, DELETE and TRUNCATE of it is refused.
CREATE OR REPLACE FUNCTION audit_log_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'TB010', MESSAGE = 'The audit log cannot be changed: rows are only ever added.';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();--> statement-breakpoint
CREATE TRIGGER audit_log_refuse_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse();--> statement-breakpoint
CREATE TRIGGER audit_log_refuse_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse();
