/**
 * The mail worker that main.ts starts when SMTP_URL is set: runs deliverDue every few seconds (never
 * two runs at once in one process) and stops cleanly, waiting for a run in progress.
 */
import type { Db } from "../../db/client.ts";
import { describeError } from "../../lib/error_log.ts";
import { writeLog } from "../../lib/logger.ts";
import { deliverDue, type DeliveryReport } from "./sender.ts";
import type { MailTransport } from "./transport.ts";

export interface MailWorker {
  /** Runs one delivery pass now (after any pass in progress). */
  runNow(): Promise<DeliveryReport>;
  /** Stops the timer, waits for a pass in progress and closes the transport. */
  stop(): Promise<void>;
}

export function startMailWorker(
  opts: {
    db: Db;
    transport: MailTransport;
    /** Pause between passes; null: no timer of its own (main.ts's scheduler calls runNow). */
    intervalMs?: number | null;
    log?: (entry: Record<string, unknown>) => void;
  },
): MailWorker {
  const intervalMs = opts.intervalMs === undefined ? 5_000 : opts.intervalMs;
  const log = opts.log ??
    (({ level, message, ...fields }) =>
      writeLog(level === "warn" || level === "error" ? level : "info", String(message), fields));
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<DeliveryReport> = Promise.resolve({ sent: 0, retrying: 0, failed: 0 });

  function pass(): Promise<DeliveryReport> {
    running = running.catch(() => undefined).then(async () => {
      const report = await deliverDue(opts.db, opts.transport, new Date(), {
        log: (entry) => log({ level: "warn", ...entry }),
      });
      if (report.sent || report.failed) log({ level: "info", message: "e-mail delivered", ...report });
      return report;
    });
    return running;
  }

  async function tick() {
    try {
      await pass();
    } catch (err) {
      // A database error's message carries the query's parameters (message bodies): describeError drops them.
      log({ level: "error", message: "mail worker pass failed", ...describeError(err) });
    }
    if (!stopped && intervalMs !== null) timer = setTimeout(tick, intervalMs);
  }
  if (intervalMs !== null) timer = setTimeout(tick, 0);

  return {
    runNow: pass,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
      await opts.transport.close?.();
    },
  };
}
