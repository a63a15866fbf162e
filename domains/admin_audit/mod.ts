/** The admin audit trail's public surface. */
export {
  type AuditEntry,
  type AuditRecord,
  changedFields,
  listAuditFor,
  recordAudit,
  recordAudits,
  searchAudit,
} from "./service.ts";
export { type AuditEntityType, auditEntityTypes, auditListOutput, auditParams } from "./schemas.ts";
export {
  type AuditChange,
  type AuditSentence,
  changeText,
  describeAudit,
  ENTITY_NAMES,
  fieldLabel,
  valueText,
} from "./describe.ts";
