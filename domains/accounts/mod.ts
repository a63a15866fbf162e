/** The accounts domain's public surface: account settings, data export, erasure and the account overview. */
export {
  authorName,
  changePassword,
  checkErasure,
  EMAIL_TAKEN,
  FORMER_CUSTOMER,
  type ShopMailInfo,
  updateProfile,
} from "./service.ts";
export { EXPORT_FORMAT, exportFileName, exportUserData, type UserDataExport } from "./export.ts";
export {
  type AddressBookSummary,
  addressBookSummary,
  type AddressSummary,
  listWishlist,
  type LoyaltySummary,
  loyaltySummary,
  type WishlistEntry,
} from "./overview.ts";
export * as accountSchemas from "./schemas.ts";
export {
  changeUser,
  countUsersByRole,
  getUserDetail,
  LAST_SUPER_ADMIN,
  listUsers,
  newestCustomers,
  NOT_YOURSELF,
  ONLY_SUPER_ADMIN_CHANGES_ROLES,
  STAFF_NEEDS_SUPER_ADMIN,
  staffUsernames,
  type StaffUserRow,
  USER_PAGE_SIZE,
  type UserChange,
  userIdByUsername,
  usernamesByIds,
} from "./staff.ts";
export * as staffSchemas from "./staff_schemas.ts";
