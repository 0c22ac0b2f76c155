CREATE TABLE "product_stock_stamps" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"change_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_stock_stamps" ADD CONSTRAINT "product_stock_stamps_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_stock_stamps_change_xid" ON "product_stock_stamps" USING btree ("change_xid","product_id");