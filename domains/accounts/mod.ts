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
  countUsers,
  countUsersByRole,
  ERASED_KEEPS_NO_NOTE,
  getUserRow,
  LAST_SUPER_ADMIN,
  listUsers,
  newestCustomers,
  NOT_YOURSELF,
  ONLY_SUPER_ADMIN_CHANGES_ROLES,
  setStaffNote,
  STAFF_NEEDS_SUPER_ADMIN,
  staffUserColumns,
  staffUsernames,
  type StaffUserRow,
  USER_PAGE_SIZE,
  type UserChange,
  userCondition,
  type UserFilter,
  userIdByUsername,
  usernamesByIds,
} from "./staff.ts";
export * as staffSchemas from "./staff_schemas.ts";
export {
  createTagRule,
  deleteTagRule,
  describeUserFilter,
  keepRuleTag,
  listTagRules,
  MAX_TAG_RULES,
  NO_SUCH_RULE,
  retagRules,
  tagHasRule,
  type TagRule,
  tagRuleFor,
  type TagRuleRun,
} from "./tag_rules.ts";
export {
  type BulkTagChange,
  bulkTagCustomers,
  customerTagsInUse,
  ERASED_KEEPS_NO_TAGS,
  MAX_BULK_TAG_ACCOUNTS,
  renameTagOnAccounts,
  setCustomerTags,
  type TagInUse,
  TOO_MANY_TO_TAG,
} from "./tags.ts";
