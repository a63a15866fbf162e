/** The address book domain's public surface. */
export {
  type Address,
  ADDRESS_NOT_FOUND,
  type AddressDefaults,
  type AddressOwner,
  createAddress,
  deleteAddress,
  getAddress,
  getAddressDefaults,
  getDefaultAddresses,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from "./service.ts";
export {
  ADDRESS_TYPE_TEXT,
  ADDRESS_TYPES,
  type AddressType,
  DEFAULT_TYPE_TEXT,
  SA_PROVINCES,
  SHOP_COUNTRY,
} from "./schemas.ts";
export { type PostalFields, postalFields } from "./rules.ts";
export * as addressSchemas from "./schemas.ts";
