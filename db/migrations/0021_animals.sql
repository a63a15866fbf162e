CREATE TABLE "keeper_animals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"species_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"acquired_on" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_husbandry" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"need" varchar(24) NOT NULL,
	"enclosure_length_cm" integer,
	"enclosure_width_cm" integer,
	"enclosure_height_cm" integer,
	"uvb_pct" integer,
	"tube_length_cm" integer,
	"habitats" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"species_slugs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"staff_pick" boolean DEFAULT false NOT NULL,
	"replacement_months" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "species" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(80) NOT NULL,
	"common_name" varchar(100) NOT NULL,
	"scientific_name" varchar(120) NOT NULL,
	"nicknames" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group" varchar(20) NOT NULL,
	"habitat" varchar(20) NOT NULL,
	"arboreal" boolean DEFAULT false NOT NULL,
	"adult_size" varchar(120) NOT NULL,
	"lifespan" varchar(60) NOT NULL,
	"diet" text NOT NULL,
	"diet_type" varchar(20) NOT NULL,
	"basking_min_c" integer,
	"basking_max_c" integer,
	"warm_min_c" integer NOT NULL,
	"warm_max_c" integer NOT NULL,
	"cool_min_c" integer NOT NULL,
	"cool_max_c" integer NOT NULL,
	"night_min_c" integer NOT NULL,
	"night_max_c" integer NOT NULL,
	"humidity_min_pct" integer NOT NULL,
	"humidity_max_pct" integer NOT NULL,
	"uvb_min_pct" integer,
	"uvb_max_pct" integer,
	"uvb_zone" integer,
	"enclosure_length_cm" integer NOT NULL,
	"enclosure_width_cm" integer NOT NULL,
	"enclosure_height_cm" integer NOT NULL,
	"substrate" text NOT NULL,
	"difficulty" varchar(20) NOT NULL,
	"care_summary" text NOT NULL,
	"legal_note" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "species_slug_unique" UNIQUE("slug"),
	CONSTRAINT "species_uvb_range" CHECK (("species"."uvb_min_pct" is null) = ("species"."uvb_max_pct" is null)),
	CONSTRAINT "species_basking_range" CHECK (("species"."basking_min_c" is null) = ("species"."basking_max_c" is null))
);
--> statement-breakpoint
ALTER TABLE "keeper_animals" ADD CONSTRAINT "keeper_animals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keeper_animals" ADD CONSTRAINT "keeper_animals_species_id_species_id_fk" FOREIGN KEY ("species_id") REFERENCES "public"."species"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_husbandry" ADD CONSTRAINT "product_husbandry_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_husbandry" ADD CONSTRAINT "product_husbandry_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "keeper_animals_user_id_index" ON "keeper_animals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "keeper_animals_species_id_index" ON "keeper_animals" USING btree ("species_id");--> statement-breakpoint
CREATE INDEX "product_husbandry_product_id_index" ON "product_husbandry" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_husbandry_variant_id_index" ON "product_husbandry" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "product_husbandry_need_index" ON "product_husbandry" USING btree ("need");--> statement-breakpoint
CREATE UNIQUE INDEX "product_husbandry_unit_need_idx" ON "product_husbandry" USING btree ("product_id",coalesce("variant_id", 0),"need");--> statement-breakpoint
CREATE INDEX "species_position_index" ON "species" USING btree ("position");