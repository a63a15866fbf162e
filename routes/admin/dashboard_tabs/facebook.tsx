/**
 * The dashboard's Facebook Commerce tab (spec 001): the catalogue, the connection, the token form
 * and the import, in the FacebookCommerce island. The token itself never reaches the page: only
 * whether one is set.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../context.ts";
import { Island } from "../../../lib/islands.tsx";
import FacebookCommerce, { type FacebookCommerceProps } from "../../../islands/FacebookCommerce.tsx";
import { metaStatus } from "../../../domains/social_import/mod.ts";

const when = new Intl.DateTimeFormat("en-ZA", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Johannesburg",
});

export async function facebookTab(c: Context<AppEnv>) {
  const status = await metaStatus(c.var.db, c.var.config.meta);
  const last = status.lastImport;
  const props: FacebookCommerceProps = {
    catalogId: status.catalogId,
    apiVersion: status.apiVersion,
    connected: status.connected,
    tokenSource: status.tokenSource,
    lastImport: last
      ? { ok: last.ok, message: last.message, importCount: last.importCount, when: when.format(new Date(last.at)) }
      : null,
  };
  return <Island name="FacebookCommerce" component={FacebookCommerce} props={props} />;
}
