CREATE TABLE "cash_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"kind" varchar(4) NOT NULL,
	"amount" integer NOT NULL,
	"reason" varchar(200) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_movements_kind_check" CHECK ("cash_movements"."kind" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "cashbox_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"register_id" integer NOT NULL,
	"outlet_id" integer NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"opened_by" integer,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opening_float" integer NOT NULL,
	"opening_count" jsonb,
	"opening_note" varchar(500),
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"closing_count" jsonb,
	"reconciliation" jsonb,
	"expected_cash" integer,
	"counted_cash" integer,
	"closing_note" varchar(500),
	CONSTRAINT "cashbox_sessions_status_check" CHECK ("cashbox_sessions"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer,
	"variant_id" integer,
	"title" varchar(200) NOT NULL,
	"variant_name" varchar(200) DEFAULT '' NOT NULL,
	"sku" varchar(64) NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"unit_cost" integer DEFAULT 0 NOT NULL,
	"gross" integer NOT NULL,
	"discount" integer NOT NULL,
	"order_discount" integer NOT NULL,
	"net" integer NOT NULL,
	"charge_total" integer NOT NULL,
	"tax_total" integer NOT NULL,
	"total" integer NOT NULL,
	"taxes" jsonb NOT NULL,
	"charges" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"cashbox_session_id" integer,
	"tender" varchar(10) NOT NULL,
	"amount" integer NOT NULL,
	"tendered" integer NOT NULL,
	"change" integer DEFAULT 0 NOT NULL,
	"reference" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_tender_check" CHECK ("order_payments"."tender" in ('cash', 'card', 'other'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid NOT NULL,
	"number" varchar(30) NOT NULL,
	"status" varchar(20) DEFAULT 'paid' NOT NULL,
	"outlet_id" integer NOT NULL,
	"register_id" integer,
	"cashbox_session_id" integer,
	"user_id" integer,
	"customer_id" integer,
	"coupon_id" integer,
	"coupon_code" varchar(40),
	"receipt_template_id" integer,
	"subtotal" integer NOT NULL,
	"line_discount_total" integer NOT NULL,
	"order_discount_total" integer NOT NULL,
	"charge_total" integer NOT NULL,
	"net_total" integer NOT NULL,
	"tax_total" integer NOT NULL,
	"total" integer NOT NULL,
	"paid" integer NOT NULL,
	"change" integer DEFAULT 0 NOT NULL,
	"taxes" jsonb NOT NULL,
	"note" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('paid', 'partially_refunded', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "outlet_order_counters" (
	"outlet_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_session_id_cashbox_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."cashbox_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_sessions" ADD CONSTRAINT "cashbox_sessions_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_sessions" ADD CONSTRAINT "cashbox_sessions_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_sessions" ADD CONSTRAINT "cashbox_sessions_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbox_sessions" ADD CONSTRAINT "cashbox_sessions_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_cashbox_session_id_cashbox_sessions_id_fk" FOREIGN KEY ("cashbox_session_id") REFERENCES "public"."cashbox_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cashbox_session_id_cashbox_sessions_id_fk" FOREIGN KEY ("cashbox_session_id") REFERENCES "public"."cashbox_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_receipt_template_id_receipt_templates_id_fk" FOREIGN KEY ("receipt_template_id") REFERENCES "public"."receipt_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_order_counters" ADD CONSTRAINT "outlet_order_counters_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_movements_session_idx" ON "cash_movements" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cashbox_sessions_open_register" ON "cashbox_sessions" USING btree ("register_id") WHERE "cashbox_sessions"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "cashbox_sessions_open_user" ON "cashbox_sessions" USING btree ("opened_by") WHERE "cashbox_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "cashbox_sessions_register_idx" ON "cashbox_sessions" USING btree ("register_id","opened_at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_variant_idx" ON "order_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_payments_session_idx" ON "order_payments" USING btree ("cashbox_session_id","tender");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_uuid_unique" ON "orders" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_unique" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_outlet_created_idx" ON "orders" USING btree ("outlet_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_session_idx" ON "orders" USING btree ("cashbox_session_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_coupon_customer_idx" ON "orders" USING btree ("coupon_id","customer_id");