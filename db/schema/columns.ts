/** Column groups shared by several tables. */
import { numeric, timestamp } from "drizzle-orm/pg-core";

/** createdAt / updatedAt, both timestamptz defaulting to now(). */
export function timestamps() {
  return {
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  };
}

/** A rand amount as the spec keeps it: numeric(10,2). Code converts to integer cents at the row mapper. */
export function money() {
  return numeric({ precision: 10, scale: 2 });
}

/** A timestamptz column. */
export function tstz() {
  return timestamp({ withTimezone: true });
}
