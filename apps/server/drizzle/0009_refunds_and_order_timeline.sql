CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"detail" jsonb,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"order_line_id" bigint NOT NULL,
	"variant_id" integer,
	"quantity" integer NOT NULL,
	"restock" boolean NOT NULL,
	"net" integer NOT NULL,
	"tax_total" integer NOT NULL,
	"total" integer NOT NULL,
	"taxes" jsonb NOT NULL,
	CONSTRAINT "refund_lines_quantity_check" CHECK ("refund_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "refund_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"tender" varchar(10) NOT NULL,
	"amount" integer NOT NULL,
	"cashbox_session_id" integer,
	CONSTRAINT "refund_payments_tender_check" CHECK ("refund_payments"."tender" in ('cash', 'card', 'other'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" varchar(40) NOT NULL,
	"outlet_id" integer NOT NULL,
	"register_id" integer,
	"cashbox_session_id" integer,
	"user_id" integer,
	"reason" varchar(500) NOT NULL,
	"net_total" integer NOT NULL,
	"tax_total" integer NOT NULL,
	"total" integer NOT NULL,
	"taxes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_payments" ADD CONSTRAINT "refund_payments_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_payments" ADD CONSTRAINT "refund_payments_cashbox_session_id_cashbox_sessions_id_fk" FOREIGN KEY ("cashbox_session_id") REFERENCES "public"."cashbox_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_cashbox_session_id_cashbox_sessions_id_fk" FOREIGN KEY ("cashbox_session_id") REFERENCES "public"."cashbox_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "refund_lines_refund_idx" ON "refund_lines" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_lines_order_line_idx" ON "refund_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "refund_lines_variant_idx" ON "refund_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "refund_payments_refund_idx" ON "refund_payments" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_payments_session_idx" ON "refund_payments" USING btree ("cashbox_session_id","tender");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_number_unique" ON "refunds" USING btree ("number");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "refunds_outlet_created_idx" ON "refunds" USING btree ("outlet_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_session_idx" ON "refunds" USING btree ("cashbox_session_id");