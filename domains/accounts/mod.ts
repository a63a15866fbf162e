/**
 * The accounts domain's public surface: account settings, the checks before erasure and the staff's
 * user admin (the data export, the account overview and the staff's user detail are in flows/).
 */
export {
  authorName,
  changePassword,
  changeProfile,
  checkErasure,
  EMAIL_TAKEN,
  type EmailChange,
  FORMER_CUSTOMER,
} from "./service.ts";
export * as accountSchemas from "./schemas.ts";
export { insertAccountOnce } from "./shop_opened.ts";
export {
  changeUser,
  countUsersByRole,
  customerTagsInUse,
  ERASED_KEEPS_NO_NOTE,
  ERASED_KEEPS_NO_TAGS,
  getUserRow,
  LAST_SUPER_ADMIN,
  listUsers,
  newestCustomers,
  NOT_YOURSELF,
  ONLY_SUPER_ADMIN_CHANGES_ROLES,
  setCustomerTags,
  setStaffNote,
  STAFF_NEEDS_SUPER_ADMIN,
  staffUsernames,
  type StaffUserRow,
  type TagInUse,
  USER_PAGE_SIZE,
  type UserChange,
  userIdByUsername,
  usernamesByIds,
} from "./staff.ts";
export * as staffSchemas from "./staff_schemas.ts";
