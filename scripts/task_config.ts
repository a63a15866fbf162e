/** The shop's configuration for a command-line task: on a configuration error, its one-line message and exit 1. */
import { type Config, ConfigError, loadConfig } from "../config.ts";

export function taskConfig(): Config {
  try {
    return loadConfig(Deno.env.toObject());
  } catch (err) {
    // The same one-line answer as the shop's start, not a stack trace.
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    Deno.exit(1);
  }
}
