CREATE TABLE "outlets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"code" varchar(10) NOT NULL,
	"address" varchar(500),
	"phone" varchar(40),
	"email" varchar(255),
	"tax_number" varchar(60),
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "outlets_name_lower_unique" ON "outlets" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "outlets_code_unique" ON "outlets" USING btree ("code");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE set null ON UPDATE no action;