/** A background job run every `intervalMs`, never overlapping itself; errors are logged, not thrown. */
export interface Job {
  stop(): Promise<void>;
}

export function every(name: string, intervalMs: number, run: () => Promise<void>): Job {
  let current: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (current) return; // the previous run is still going
    current = run().catch((err) => {
      console.error(JSON.stringify({ level: "error", message: `${name} failed`, error: String(err) }));
    }).finally(() => {
      current = null;
    });
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
