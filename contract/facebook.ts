/**
 * What saving the Meta access token answers (the Facebook Commerce island).
 */
import { z } from "zod";

export const saveFacebookTokenOutput = z.object({ message: z.string() });
