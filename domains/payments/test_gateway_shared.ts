/**
 * The offline test provider shared by a process's server threads (WEB_CONCURRENCY > 1, decision
 * 0085). Its attempts live in one thread's memory, as a real provider's live in one place: the first
 * thread serves its gateway on a message port, and each further thread gets a gateway that asks over
 * that port. A payment started on one thread can then be paid, read and refunded from any other.
 * Refusals keep their kind (not found, conflict, validation, refused by the provider) and message.
 */
import { AppError, ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { type TestGateway } from "./test_gateway.ts";
import { PaymentRefusedError } from "./types.ts";

/** The calls that cross the port: every method of the gateway with arguments and an answer. */
const METHODS = [
  "createIntent",
  "retrieveIntent",
  "cancelIntent",
  "refund",
  "verifyWebhook",
  "confirmTestCard",
] as const;
type Method = typeof METHODS[number];

interface Call {
  id: number;
  method: Method;
  args: unknown[];
}

type Refusal = "not found" | "conflict" | "validation" | "refused" | "error";
type Answer = { id: number; value: unknown } | { id: number; refusal: Refusal; message: string };

function refusalOf(err: unknown): Refusal {
  if (err instanceof PaymentRefusedError) return "refused";
  if (err instanceof NotFoundError) return "not found";
  if (err instanceof ConflictError) return "conflict";
  if (err instanceof ValidationError) return "validation";
  return "error";
}

function errorOf(refusal: Refusal, message: string): Error {
  switch (refusal) {
    case "refused":
      return new PaymentRefusedError(message);
    case "not found":
      return new NotFoundError(message);
    case "conflict":
      return new ConflictError(message);
    case "validation":
      return new ValidationError(message);
    default:
      return new Error(message);
  }
}

/** Answers the calls of another thread's `testGatewayOver(port)` with `gateway`. */
export function serveTestGateway(gateway: TestGateway, port: MessagePort): void {
  port.onmessage = async (event: MessageEvent<Call>) => {
    const { id, method, args } = event.data;
    let answer: Answer;
    try {
      if (!METHODS.includes(method)) throw new Error(`unknown test gateway call ${method}`);
      const call = gateway[method] as (...a: unknown[]) => Promise<unknown>;
      answer = { id, value: await call.apply(gateway, args) };
    } catch (err) {
      const message = err instanceof AppError || err instanceof Error ? err.message : String(err);
      answer = { id, refusal: refusalOf(err), message };
    }
    port.postMessage(answer);
  };
}

/** The test gateway of the thread at the other end of `port` (see serveTestGateway). */
export function testGatewayOver(port: MessagePort): TestGateway {
  let next = 0;
  const waiting = new Map<number, PromiseWithResolvers<unknown>>();
  port.onmessage = (event: MessageEvent<Answer>) => {
    const answer = event.data;
    const call = waiting.get(answer.id);
    if (!call) return;
    waiting.delete(answer.id);
    if ("refusal" in answer) call.reject(errorOf(answer.refusal, answer.message));
    else call.resolve(answer.value);
  };
  const ask = <T>(method: Method) => (...args: unknown[]): Promise<T> => {
    const id = ++next;
    const call = Promise.withResolvers<unknown>();
    waiting.set(id, call);
    port.postMessage({ id, method, args } satisfies Call);
    return call.promise as Promise<T>;
  };
  return {
    provider: "test",
    publishableKey: null,
    createIntent: ask("createIntent"),
    retrieveIntent: ask("retrieveIntent"),
    cancelIntent: ask("cancelIntent"),
    refund: ask("refund"),
    verifyWebhook: ask("verifyWebhook"),
    confirmTestCard: ask("confirmTestCard"),
  };
}
