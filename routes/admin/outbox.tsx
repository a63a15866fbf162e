/**
 * GET /admin/outbox (newest first, ?status=, ?page=) and GET /admin/outbox/{id}, with password-reset
 * links hidden (see readOutboxMessage). Guarded by routes/admin/mod.ts.
 */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { listOutbox, mailSchemas, readOutboxMessage } from "../../domains/mail/mod.ts";
import { OutboxListView, OutboxMessageNotFound, OutboxMessageView } from "../../components/admin/OutboxViews.tsx";
import { renderAdminPage } from "./render.tsx";

const ACTIVE = "/admin/outbox";

export function outboxAdmin() {
  const app = new Hono<AppEnv>();

  app.get("/", async (c) => {
    const query = mailSchemas.outboxQuery.parse(c.req.query());
    const result = await listOutbox(c.var.db, { status: query.status, page: query.page, pageSize: 50 });
    return renderAdminPage(c, {
      title: "Outbox",
      active: ACTIVE,
      body: <OutboxListView result={result} status={query.status ?? null} smtp={Boolean(c.var.config.smtpUrl)} />,
    });
  });

  app.get("/:id{[0-9]{1,10}}", async (c) => {
    const { config } = c.var;
    // Reset links are passwords for an hour: readable only where nothing else can deliver them (a
    // local demo without SMTP), never in production and never once SMTP delivers the mail.
    const message = await readOutboxMessage(c.var.db, Number(c.req.param("id")), {
      revealResetLinks: !config.smtpUrl && !config.isProduction,
    });
    if (!message) {
      return renderAdminPage(c, {
        title: "Message not found",
        active: ACTIVE,
        body: <OutboxMessageNotFound />,
        status: 404,
      });
    }
    return renderAdminPage(c, {
      title: message.subject,
      active: ACTIVE,
      body: <OutboxMessageView message={message} siteUrl={c.var.config.siteUrl} />,
    });
  });
  return app;
}
