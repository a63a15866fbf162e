/**
 * The daily `replacement-reminders` job (docs/animals.md): the due order lines (domains/animals
 * reminders.ts), each claimed once and e-mailed through the outbox (domains/mail) with a reorder link,
 * a one-click unsubscribe link and, when one suits the product, the keeper's animal by name.
 */
import type { Db } from "../db/client.ts";
import { replacementReminders } from "../db/schema/mod.ts";
import { dueLines, listKeeperAnimals, type ReminderOptions, suitableSpecies } from "../domains/animals/mod.ts";
import { escapeHtml } from "../domains/mail/mod.ts";
import { queueReminderEmail } from "./reminder_email.ts";

const dateText = (d: Date) =>
  new Intl.DateTimeFormat("en-ZA", { dateStyle: "long", timeZone: "Africa/Johannesburg" }).format(d);

/** Queues the reminders that are due; returns how many were queued. Safe to run on many instances. */
export async function sendReplacementReminders(db: Db, opts: ReminderOptions): Promise<{ sent: number }> {
  const now = opts.now ?? new Date();
  const lines = await dueLines(db, now, opts.limit ?? 200);
  let sent = 0;
  for (const line of lines) {
    const [animals, suits] = await Promise.all([
      listKeeperAnimals(db, line.user_id),
      suitableSpecies(db, line.product_id),
    ]);
    const suited = new Set(suits.map((s) => s.slug));
    const animal = animals.find((a) => suited.has(a.species.slug));
    const queued = await queueReminderEmail(db, {
      userId: line.user_id,
      to: line.email,
      kind: "replacement",
      siteUrl: opts.siteUrl,
      now,
      // The row is the once-only guard: a second run (or instance) inserts nothing and sends nothing.
      claim: async (tx) =>
        (await tx.insert(replacementReminders).values({ orderItemId: line.order_item_id, userId: line.user_id })
          .onConflictDoNothing().returning({ id: replacementReminders.orderItemId }))[0] ?? null,
      compose: (_, unsubscribe) => {
        const name = line.first_name || line.username;
        const paid = dateText(new Date(line.paid_at));
        const reorder = `${opts.siteUrl}/cart?product=${line.product_id}`;
        const forAnimal = animal ? ` so ${animal.name}'s setup stays right` : "";
        const text = [
          `Hi ${name},`,
          "",
          `You bought ${line.product_name} on ${paid}. It should be replaced every ${line.months} months${forAnimal}: ` +
          "it wears out before it stops working.",
          "",
          `Reorder it: ${reorder}`,
          "",
          `Turn these reminders off: ${unsubscribe}`,
          "",
          opts.shopName,
        ].join("\n");
        const html = `<p>Hi ${escapeHtml(name)},</p><p>You bought ${escapeHtml(line.product_name)} on ${
          escapeHtml(paid)
        }. It should be replaced every ${line.months} months${
          escapeHtml(forAnimal)
        }: it wears out before it stops working.</p><p><a href="${escapeHtml(reorder)}">Reorder ${
          escapeHtml(line.product_name)
        }</a></p><p><a href="${escapeHtml(unsubscribe)}">Turn these reminders off</a></p><p>${
          escapeHtml(opts.shopName)
        }</p>`;
        return { subject: `Time to replace your ${line.product_name}`, text, html };
      },
    });
    if (queued) sent++;
  }
  return { sent };
}
