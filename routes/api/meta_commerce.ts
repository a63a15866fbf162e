/**
 * GET /api/meta-commerce/products: the spec's integration path, answering the product feed's items
 * as JSON (the same items as /feeds/meta.csv and /feeds/google.xml). Public and cacheable.
 */
import { z } from "zod";
import { feedJson } from "../../domains/feeds/mod.ts";
import { cachedFeedItems, FEED_CACHE_CONTROL } from "../feeds.ts";
import { actionApi, defineAction } from "../action.ts";

const feedPrice = z.string().describe('"1299.00 ZAR"');

export const metaCatalogueAction = defineAction({
  method: "get",
  path: "/meta-commerce/products",
  input: undefined,
  output: z.object({
    count: z.number().int(),
    items: z.array(z.object({
      id: z.string().describe("The retailer id: Meta's for an imported product, else the SKU; a variant's SKU"),
      title: z.string(),
      description: z.string(),
      availability: z.string(),
      availabilityDate: z.string().nullable().describe("When a pre-order is expected (YYYY-MM-DD)"),
      condition: z.enum(["new", "refurbished", "used"]),
      price: feedPrice,
      salePrice: feedPrice.nullable(),
      link: z.string(),
      imageLink: z.string().describe("A raster image (JPEG)"),
      additionalImageLinks: z.array(z.string()),
      brand: z.string(),
      gtin: z.string().nullable(),
      mpn: z.string().nullable(),
      itemGroupId: z.string().nullable().describe("Groups a product's variants"),
      productType: z.string().nullable(),
      googleProductCategory: z.string().nullable(),
    })),
  }),
  auth: "public",
  summary: "The product feed's items as JSON (the same items as /feeds/meta.csv and /feeds/google.xml)",
  handler: async (c) => {
    c.header("Cache-Control", FEED_CACHE_CONTROL);
    return feedJson(await cachedFeedItems(c));
  },
});

export function metaCommerceApi() {
  return actionApi("/meta-commerce", [metaCatalogueAction]);
}
