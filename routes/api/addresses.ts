/**
 * /api/addresses: the signed-in customer's address book (document 2 section 7). Visitors get 401;
 * another customer's address (or an unknown id) is 404; bad input is 400 `{ error, issues }`.
 */
import { z } from "zod";
import {
  type Address,
  ADDRESS_TYPES,
  addressSchemas,
  createAddress,
  deleteAddress,
  listAddresses,
  postalFields,
  setDefaultAddress,
  updateAddress,
} from "../../domains/addresses/mod.ts";
import { parseId } from "../../lib/ids.ts";
import { currentUser, requireUser } from "../guards.ts";
import { privateNoStore } from "../page_cache.ts";
import { actionApi, defineAction } from "../action.ts";

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
    ...postalFields(a),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export type AddressJson = ReturnType<typeof addressJson>;

/** An address as the API answers it (addressJson's shape). */
export const addressSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  addressType: z.enum(ADDRESS_TYPES),
  isDefault: z.boolean(),
  isDefaultShipping: z.boolean(),
  isDefaultBilling: z.boolean(),
  label: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
  instructions: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const createAddressAction = defineAction({
  method: "post",
  path: "/addresses",
  input: addressSchemas.createAddressBody,
  output: addressSchema,
  status: 201,
  auth: "customer",
  summary: "Add an address to the customer's address book",
  handler: async (c, input) => addressJson(await createAddress(c.var.db, currentUser(c), input)),
});

export const updateAddressAction = defineAction({
  method: "put",
  path: "/addresses/:id",
  input: addressSchemas.updateAddressBody,
  output: addressSchema,
  auth: "customer",
  summary: "Change one of the customer's addresses",
  handler: async (c, input) =>
    addressJson(await updateAddress(c.var.db, currentUser(c).id, parseId(c.req.param("id")), input)),
});

export const deleteAddressAction = defineAction({
  method: "delete",
  path: "/addresses/:id",
  input: undefined,
  output: z.null(),
  status: 204,
  auth: "customer",
  summary: "Delete one of the customer's addresses",
  handler: async (c) => {
    await deleteAddress(c.var.db, currentUser(c).id, parseId(c.req.param("id")));
    return null;
  },
});

export const setDefaultAddressAction = defineAction({
  method: "post",
  path: "/addresses/:id/default",
  input: addressSchemas.setDefaultBody,
  output: addressSchema,
  auth: "customer",
  summary: "Make an address the customer's default for shipping, billing or both",
  handler: async (c, input) =>
    addressJson(
      await setDefaultAddress(c.var.db, currentUser(c).id, parseId(c.req.param("id")), input.addressType),
    ),
});

export const listAddressesAction = defineAction({
  method: "get",
  path: "/addresses",
  input: undefined,
  output: z.array(addressSchema),
  auth: "customer",
  summary: "The customer's address book, defaults first",
  handler: async (c) => (await listAddresses(c.var.db, currentUser(c).id)).map(addressJson),
});

const addressActions = [createAddressAction, updateAddressAction, deleteAddressAction, setDefaultAddressAction];

export function addressApi() {
  return actionApi("/addresses", [listAddressesAction, ...addressActions], requireUser(), privateNoStore);
}
