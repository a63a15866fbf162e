/** The whole database schema: every table and enum, for Drizzle queries and drizzle-kit. */
export * from "./accounts.ts";
export * from "./animals.ts";
export * from "./catalog.ts";
export * from "./commerce.ts";
export * from "./engagement.ts";
export * from "./loyalty.ts";
export * from "./operations.ts";
export * from "./tax_documents.ts";
export * from "./whatsapp.ts";
export * from "./stock.ts";
export * from "./events.ts";
export * from "./shipments.ts";
