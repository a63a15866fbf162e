/** Uploaded images' public surface. */
export {
  checkImage,
  deleteImageFiles,
  IMAGE_TOO_LARGE,
  IMAGE_UNREADABLE,
  IMAGE_WRONG_TYPE,
  type ImageFolder,
  ingestImage,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  type StoredImage,
  storedKeysOf,
} from "./service.ts";
export { imageDimensions, type ImageKind, sniffImage } from "./sniff.ts";
export {
  addProductImages,
  imageOrderAfterMove,
  productForImages,
  productImages,
  removeProductImage,
  reorderProductImages,
  setProductImageAlt,
} from "./product_images.ts";
export {
  imageAltBody,
  imageAltOutput,
  MAX_PRODUCT_IMAGES,
  moveImageForm,
  productImageIndexParams,
  productImageParams,
  productImagesOutput,
  reorderImagesBody,
  TOO_MANY_IMAGES,
} from "./schemas.ts";
export { removeCategoryImage, setCategoryImage } from "./category_images.ts";
export { jpegRendition, webpSourceOf } from "./jpeg_rendition.ts";
