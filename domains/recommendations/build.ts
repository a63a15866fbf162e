/**
 * The rebuild job: recomputes every stored list, one type at a time, each replaced atomically
 * (delete and insert in one transaction, so a page never reads a half-built list). Set-based SQL:
 * one INSERT ... SELECT per type whatever the size of the catalogue.
 */
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";
import { candidates, CUSTOMER_LISTS, type ListType, PRODUCT_LISTS, SHOP_LISTS } from "./candidates.ts";
import { KEEP_PER_LIST } from "./rules.ts";

export type RebuildCounts = Record<ListType, number>;

/** The column a list type's owner goes in. */
function ownerColumn(type: ListType) {
  if ((PRODUCT_LISTS as string[]).includes(type)) return sql.raw("source_product_id");
  if ((CUSTOMER_LISTS as string[]).includes(type)) return sql.raw("user_id");
  return sql.raw("category_id");
}

async function rebuildType(db: Db, type: ListType): Promise<number> {
  const shopWide = (SHOP_LISTS as string[]).includes(type);
  // Shop-wide lists keep every product (read per category); owned lists their top entries.
  const select = shopWide
    ? sql`select category_id as owner, product_id, score from (${candidates(type)}) c`
    : sql`select owner_id as owner, product_id, score from (
        select c.*, row_number() over (partition by owner_id order by score desc, product_id) as rn
        from (${candidates(type)}) c
      ) ranked where rn <= ${KEEP_PER_LIST}`;
  return await db.transaction(async (tx) => {
    await tx.execute(sql`delete from recommendations where type = ${type}`);
    const [{ n }] = rowsOf<{ n: number }>(
      await tx.execute(sql`with inserted as (
        insert into recommendations (${ownerColumn(type)}, recommended_product_id, type, score)
        select owner, product_id, ${type}::recommendation_type, score from (${select}) rows
        returning 1
      ) select count(*)::int as n from inserted`),
    );
    return Number(n);
  });
}

/** Recomputes every list now; answers how many entries each type holds. */
export async function rebuildRecommendations(db: Db): Promise<RebuildCounts> {
  const counts = {} as RebuildCounts;
  // Customer lists read the product lists, so those go first.
  for (const type of [...PRODUCT_LISTS, ...SHOP_LISTS, ...CUSTOMER_LISTS]) counts[type] = await rebuildType(db, type);
  return counts;
}

export interface ListSummary {
  type: ListType;
  entries: number;
  /** When the job last stored this type (null: never). */
  builtAt: Date | null;
}

/** Entries per stored type and when each was built, for the staff page. */
export async function recommendationSummary(db: Db): Promise<ListSummary[]> {
  const rows = rowsOf<{ type: ListType; entries: number; built_at: string | Date | null }>(
    await db.execute(sql`select type, count(*)::int as entries, max(created_at) as built_at
      from recommendations group by type`),
  );
  return [...PRODUCT_LISTS, ...SHOP_LISTS, ...CUSTOMER_LISTS].map((type) => {
    const row = rows.find((r) => r.type === type);
    return {
      type,
      entries: row ? Number(row.entries) : 0,
      builtAt: row?.built_at ? new Date(row.built_at) : null,
    };
  });
}
