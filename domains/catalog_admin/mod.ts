/**
 * The catalogue's staff side: product, variant and category writes with their audit trail, and the
 * request shapes of the admin API and forms. Storefront reads stay in domains/catalog.
 */
export { archiveProduct, createProduct, unarchiveProduct, updateProduct, VARIANT_STOCK_RULE } from "./products.ts";
export { publishDueDrafts } from "./publishing.ts";
export { createVariant, deleteVariant, listVariants, updateVariant } from "./variants.ts";
export { combinations, generateVariants, setProductOptions } from "./options.ts";
export { duplicateProduct } from "./duplicate.ts";
export {
  type AdminCategory,
  categoryRecord,
  createCategory,
  deleteCategory,
  listAdminCategories,
  updateCategory,
} from "./categories.ts";
export { type CategoryRecord, type ProductRecord, productRecord, type VariantRecord } from "./records.ts";
export * as catalogAdminSchemas from "./schemas.ts";
export type {
  AdminProductQuery,
  CategoryCreate,
  CategoryUpdate,
  ProductCreate,
  ProductOption,
  ProductOptionsInput,
  ProductUpdate,
  VariantCreate,
  VariantUpdate,
} from "./schemas.ts";
