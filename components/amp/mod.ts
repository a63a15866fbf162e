/**
 * AMP pages (the lightweight twins of the product and category pages) as complete HTML strings.
 * Routes load the data and call these; nothing here touches the request or the database.
 */
export type { AmpSite } from "./document.ts";
export { AMP_BOILERPLATE, AMP_COMPONENT_SRC, AMP_RUNTIME_SRC, escapeHtml } from "./document.ts";
export { AMP_CSS } from "./styles.ts";
export { AMP_FOOTER_LINKS, AMP_MENU_LINKS } from "./AmpLayout.tsx";
export { AMP_NOT_FOUND } from "./AmpNotFound.tsx";
export { ampProductDescription, descriptionParagraphs } from "./AmpProduct.tsx";
export { ampCategoryDescription, productCountText } from "./AmpCategory.tsx";
export { ampCategoryHead, renderAmpCategoryPage, renderAmpNotFound, renderAmpProductPage } from "./pages.tsx";
