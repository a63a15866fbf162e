/**
 * The message the SMTP transport hands to nodemailer, built into real MIME text with nodemailer's
 * stream transport: what a mail server and the recipient's client would receive.
 */
import assert from "node:assert/strict";
import nodemailer from "nodemailer";
import { listHeaders, type MailMessage, nodemailerMessage } from "./transport.ts";

async function mime(message: MailMessage): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await transport.sendMail({ from: '"Shop" <shop@example.co.za>', ...nodemailerMessage(message) });
  return (info.message as Uint8Array).toString();
}

const reminder: MailMessage = {
  to: "keeper@example.co.za",
  subject: "You left something in your cart",
  text: "Your cart",
  unsubscribeUrl: "https://shop.example.co.za/reminders/unsubscribe?token=abcdefghijklmnop&kind=cart",
};

Deno.test("[mail] a reminder carries one-click List-Unsubscribe headers (RFC 8058)", async () => {
  const raw = await mime(reminder);
  // Header lines as a client reads them: a long value is folded onto indented lines (RFC 5322).
  const head = raw.slice(0, raw.indexOf("\n\n")).replace(/\n[ \t]+/g, " ");
  assert.match(
    head,
    /^List-Unsubscribe: <https:\/\/shop\.example\.co\.za\/reminders\/unsubscribe\?token=abcdefghijklmnop&kind=cart>$/m,
  );
  assert.match(head, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
});

Deno.test("[mail] transactional mail has no list headers; a plain-http link gets no one-click", async () => {
  const receipt = await mime({ ...reminder, subject: "Your order", unsubscribeUrl: null });
  assert.doesNotMatch(receipt, /List-Unsubscribe/i);
  assert.deepEqual(listHeaders("http://localhost:8000/reminders/unsubscribe?token=x"), {
    "List-Unsubscribe": "<http://localhost:8000/reminders/unsubscribe?token=x>",
  });
  // A link that could break out of the header's angle brackets is never written.
  assert.deepEqual(listHeaders("https://shop.example.co.za/a>, <mailto:x@y"), {});
  assert.deepEqual(listHeaders("https://shop.example.co.za/a\r\nBcc: x@y"), {});
});
