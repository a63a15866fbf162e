/** The shop's e-mails: plain text plus a simple HTML alternative, every interpolated value escaped. */
import type { OutgoingEmail } from "./outbox.ts";

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** The link a reset e-mail carries. */
export function resetLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/reset-password?token=${encodeURIComponent(token)}`;
}

/** What replaces a reset link wherever a stored or displayed copy must not carry it. */
export const RESET_LINK_HIDDEN = "[reset link hidden]";

// A reset link with or without its origin, in plain text or in an HTML attribute; the token is
// base32 (encoded for the URL), so the match ends where it does, before any punctuation.
const RESET_LINK = /(?:https?:\/\/[^\s"'<>]*)?\/reset-password\?token=[A-Za-z0-9%_-]*/g;

/** `body` with every password-reset link replaced by RESET_LINK_HIDDEN. */
export function hideResetLinks(body: string): string {
  return body.replace(RESET_LINK, RESET_LINK_HIDDEN);
}

/** The card every account e-mail sits in: the shop's name on top, then `inner` (trusted HTML). */
function accountEmailHtml(subject: string, shopName: string, inner: string): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en-ZA">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#fafaf9;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border:1px solid #e7e5e4;border-radius:12px;padding:28px">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold;color:#14532d">${e(shopName)}</p>
${inner}
</div>
</body>
</html>
`;
}

/**
 * An account e-mail to `to`: "Hello {name}," then `textLines` and the shop's signature as text, and
 * the same greeting then `htmlBody` (trusted HTML) in the shop's card.
 */
function accountEmail(
  opts: { to: string; name: string; shopName: string; siteUrl: string },
  subject: string,
  textLines: string[],
  htmlBody: string,
): OutgoingEmail {
  const text = [`Hello ${opts.name},`, "", ...textLines, "", opts.shopName, opts.siteUrl, ""].join("\n");
  const html = accountEmailHtml(subject, opts.shopName, `<p>Hello ${escapeHtml(opts.name)},</p>\n${htmlBody}`);
  return { to: opts.to, subject, text, html };
}

/** The password-reset e-mail: the single-use link, its 1-hour lifetime, and what to do if unasked. */
export function passwordResetEmail(
  opts: { to: string; name: string; token: string; siteUrl: string; shopName: string },
): OutgoingEmail {
  const link = resetLink(opts.siteUrl, opts.token);
  const subject = `Reset your ${opts.shopName} password`;
  const e = escapeHtml;
  return accountEmail(
    opts,
    subject,
    [
      `We received a request to reset the password of your ${opts.shopName} account.`,
      "Open this link to choose a new password:",
      "",
      link,
      "",
      "The link expires in 1 hour and can be used once.",
      "",
      "If you did not ask for a new password, ignore this e-mail: your password stays as it is.",
    ],
    `<p>We received a request to reset the password of your ${e(opts.shopName)} account.</p>
<p style="margin:24px 0"><a href="${
      e(link)
    }" style="display:inline-block;background:#166534;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">Choose a new password</a></p>
<p style="font-size:14px;color:#57534e">Or copy this link into your browser:<br><a href="${
      e(link)
    }" style="color:#166534;word-break:break-all">${e(link)}</a></p>
<p style="font-size:14px;color:#57534e">The link expires in 1 hour and can be used once.</p>
<p style="font-size:14px;color:#57534e">If you did not ask for a new password, ignore this e-mail: your password stays as it is.</p>
`,
  );
}

/** "th***@example.co.za": enough for the owner to recognise an address, not enough to harvest it. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "***";
  return `${address.slice(0, Math.min(2, at))}***${address.slice(at)}`;
}

/**
 * The notice sent to the OLD address when an account's e-mail changes, so a hijacked session cannot
 * move an account away from its owner unnoticed. It carries no link that acts on the account.
 */
export function emailChangedEmail(
  opts: { to: string; name: string; newEmail: string; shopName: string; siteUrl: string; supportEmail: string },
): OutgoingEmail {
  const subject = `Your ${opts.shopName} e-mail address was changed`;
  const masked = maskEmail(opts.newEmail);
  const e = escapeHtml;
  return accountEmail(
    opts,
    subject,
    [
      `The e-mail address of your ${opts.shopName} account was changed to ${masked}.`,
      "From now on we write to the new address, and it is the one that can reset your password.",
      "",
      `If you made this change, there is nothing to do. If you did not, contact us at ${opts.supportEmail} at once,`,
      "so we can secure your account.",
    ],
    `<p>The e-mail address of your ${e(opts.shopName)} account was changed to <strong>${e(masked)}</strong>.
From now on we write to the new address, and it is the one that can reset your password.</p>
<p>If you made this change, there is nothing to do. If you did not, contact us at
<a href="mailto:${e(opts.supportEmail)}" style="color:#166534">${
      e(opts.supportEmail)
    }</a> at once, so we can secure your account.</p>
`,
  );
}
