/** The contract's money: amounts in rand as JSON numbers (the spec's client reads them so). */
import { z } from "zod";

export const rand = z.number().describe("An amount in rand (ZAR), e.g. 1299.5");
