DROP INDEX "orders_customer_idx";--> statement-breakpoint
DROP INDEX "orders_coupon_customer_idx";--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","created_at") WHERE "orders"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_coupon_customer_idx" ON "orders" USING btree ("coupon_id","customer_id") WHERE "orders"."coupon_id" is not null;