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

/** The password-reset e-mail: the single-use link, its 1-hour lifetime, and what to do if unasked. */
export function passwordResetEmail(
  opts: { to: string; name: string; token: string; siteUrl: string; shopName: string },
): OutgoingEmail {
  const link = resetLink(opts.siteUrl, opts.token);
  const subject = `Reset your ${opts.shopName} password`;
  const text = [
    `Hello ${opts.name},`,
    "",
    `We received a request to reset the password of your ${opts.shopName} account.`,
    "Open this link to choose a new password:",
    "",
    link,
    "",
    "The link expires in 1 hour and can be used once.",
    "",
    "If you did not ask for a new password, ignore this e-mail: your password stays as it is.",
    "",
    opts.shopName,
    opts.siteUrl,
    "",
  ].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en-ZA">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#fafaf9;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border:1px solid #e7e5e4;border-radius:12px;padding:28px">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold;color:#14532d">${e(opts.shopName)}</p>
<p>Hello ${e(opts.name)},</p>
<p>We received a request to reset the password of your ${e(opts.shopName)} account.</p>
<p style="margin:24px 0"><a href="${
    e(link)
  }" style="display:inline-block;background:#166534;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">Choose a new password</a></p>
<p style="font-size:14px;color:#57534e">Or copy this link into your browser:<br><a href="${
    e(link)
  }" style="color:#166534;word-break:break-all">${e(link)}</a></p>
<p style="font-size:14px;color:#57534e">The link expires in 1 hour and can be used once.</p>
<p style="font-size:14px;color:#57534e">If you did not ask for a new password, ignore this e-mail: your password stays as it is.</p>
</div>
</body>
</html>
`;
  return { to: opts.to, subject, text, html };
}
