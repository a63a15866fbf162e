/**
 * /api/addresses: the signed-in customer's address book (document 2 section 7). Visitors get 401;
 * another customer's address (or an unknown id) is 404; bad input is 400 `{ error, issues }`.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../app.ts";
import {
  type Address,
  addressSchemas,
  createAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from "../../domains/addresses/mod.ts";
import { parseId } from "../../lib/ids.ts";
import { currentUser, requireUser } from "../guards.ts";
import { validate } from "../validate.ts";

/** An address as the API and the address book island read it (the schema's camelCase names). */
export function addressJson(a: Address) {
  return {
    id: a.id,
    userId: a.userId,
    addressType: a.addressType,
    isDefault: a.isDefault,
    isDefaultShipping: a.isDefaultShipping,
    isDefaultBilling: a.isDefaultBilling,
    label: a.label,
    firstName: a.firstName,
    lastName: a.lastName,
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2,
    city: a.city,
    state: a.state,
    postalCode: a.postalCode,
    country: a.country,
    phone: a.phone,
    instructions: a.instructions,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export type AddressJson = ReturnType<typeof addressJson>;

export function addressApi() {
  const app = new Hono<AppEnv>();
  app.use("*", requireUser(), async (c, next) => {
    await next();
    c.header("Cache-Control", "private, no-store");
  });

  app.get("/", async (c) => {
    const list = await listAddresses(c.var.db, currentUser(c).id);
    return c.json(list.map(addressJson));
  });

  app.post("/", validate("json", addressSchemas.createAddressBody), async (c) => {
    const address = await createAddress(c.var.db, currentUser(c), c.req.valid("json"));
    return c.json(addressJson(address), 201);
  });

  app.put("/:id", validate("json", addressSchemas.updateAddressBody), async (c) => {
    const id = parseId(c.req.param("id"));
    const address = await updateAddress(c.var.db, currentUser(c).id, id, c.req.valid("json"));
    return c.json(addressJson(address));
  });

  app.delete("/:id", async (c) => {
    const id = parseId(c.req.param("id"));
    await deleteAddress(c.var.db, currentUser(c).id, id);
    return c.body(null, 204);
  });

  app.post("/:id/default", validate("json", addressSchemas.setDefaultBody), async (c) => {
    const id = parseId(c.req.param("id"));
    const address = await setDefaultAddress(c.var.db, currentUser(c).id, id, c.req.valid("json").addressType);
    return c.json(addressJson(address));
  });
  return app;
}
