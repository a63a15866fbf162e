/**
 * Edge schemas of the Meta (Facebook) catalogue import, and the lenient reading of the Graph API's
 * product items: every field the import asks for is optional on the wire, so one odd item is
 * skipped with a reason instead of failing the whole import.
 */
import { z } from "zod";
import { TOKEN_REQUIRED } from "./texts.ts";

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** POST /api/admin/facebook-settings. Graph tokens are long (about 200 characters) printable ASCII. */
export const facebookSettingsBody = z.object({
  accessToken: z.string({ error: TOKEN_REQUIRED }).trim().min(1, TOKEN_REQUIRED)
    .max(1000, "The access token is too long (at most 1000 characters)")
    .refine((t) => !CONTROL.test(t) && !/\s/.test(t), "The access token must not contain spaces or control characters"),
}).strict();

/** POST /api/admin/facebook-import. */
export const facebookImportBody = z.object({
  downloadImages: z.boolean({ error: "downloadImages must be true or false" }),
}).strict();

export const facebookSettingsOutput = z.object({ message: z.string() });
export const facebookImportOutput = z.object({
  message: z.string(),
  importCount: z.number().int(),
  updatedCount: z.number().int(),
  unchangedCount: z.number().int(),
  skippedCount: z.number().int(),
  uncategorisedCount: z.number().int(),
});
export type FacebookImportResult = z.infer<typeof facebookImportOutput>;

const text = z.string().optional().catch(undefined);
const count = z.number().int().optional().catch(undefined);

/** One product item as the Graph API returns it (GET /{catalog-id}/products?fields=...). */
export const graphProductItem = z.object({
  id: z.union([z.string(), z.number()]).transform(String).optional().catch(undefined),
  retailer_id: z.union([z.string(), z.number()]).transform(String).optional().catch(undefined),
  name: text,
  description: text,
  /** A formatted string ("R1,299.00", "ZAR1,299.00"); numbers (the write API's cents) are read too. */
  price: z.union([z.string(), z.number()]).optional().catch(undefined),
  sale_price: z.union([z.string(), z.number()]).optional().catch(undefined),
  currency: text,
  availability: text,
  condition: text,
  brand: text,
  category: text,
  product_type: text,
  image_url: text,
  additional_image_urls: z.array(z.string()).optional().catch(undefined),
  url: text,
  gtin: text,
  mpn: text,
  inventory: count,
  quantity_to_sell_on_facebook: count,
});
export type GraphProductItem = z.infer<typeof graphProductItem>;

/** One page of the products edge. */
export const graphProductPage = z.object({
  data: z.array(z.unknown()),
  paging: z.object({ next: z.string().optional() }).optional(),
});

/** The Graph API's error body. */
export const graphErrorBody = z.object({
  error: z.object({ message: z.string(), type: z.string().optional(), code: z.number().optional() }),
});
