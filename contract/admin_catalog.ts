/**
 * What the admin's variant actions answer (variantJson's shape), read by the variant editor island.
 */
import { z } from "zod";

/** variantJson's shape. */
export const variantSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  sku: z.string(),
  price: z.number(),
  salePrice: z.number().nullable(),
  stock: z.number().int(),
  dimensions: z.string().nullable(),
  preorder: z.boolean(),
  preorderDiscount: z.number().nullable(),
  regularDiscount: z.number().nullable(),
  arrivalDate: z.string().nullable(),
  /** Its value of each of the product's options; null for a variant made outside the option matrix. */
  optionValues: z.array(z.string()).nullable(),
});

export const updateVariantOutput = variantSchema;
