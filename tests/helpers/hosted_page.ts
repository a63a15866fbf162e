/**
 * The HTML page a fake hosted payment provider (tests/fakes/payfast.ts, stitch.ts) shows the browser:
 * one card with the provider's heading and button colours, its Pay and Cancel buttons styled by class.
 */
export function hostedPaymentPage(
  colours: { background: string; heading: string; pay: string },
  title: string,
  body: string,
  status = 200,
): Response {
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>
body{font-family:sans-serif;background:${colours.background};margin:0;padding:40px}main{max-width:420px;margin:auto;background:#fff;
border-radius:12px;padding:24px;box-shadow:0 2px 8px #0002}h1{color:${colours.heading};font-size:22px}button{width:100%;padding:12px;
margin-top:10px;border-radius:8px;border:0;font-size:16px;cursor:pointer}.pay{background:${colours.pay};color:#fff}.cancel{background:#eee}
</style></head><body><main>${body}</main></body></html>`,
    { status, headers: { "content-type": "text/html; charset=utf-8" } },
  );
}
