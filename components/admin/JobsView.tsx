/**
 * The admin Jobs screen: each background job with its period, its last run (on any instance), how
 * long it took and how it ended, and a Run now button (a plain form post: works without JavaScript).
 */
import type { JobStatus } from "../../db/jobs.ts";
import { secondaryButton } from "../ui/buttons.ts";
import { type Column, DataTable, EmptyCard, Pill } from "./shared/AdminTable.tsx";

const when = new Intl.DateTimeFormat("en-ZA", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Africa/Johannesburg",
});

function every(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (ms < 60_000) return `every ${Math.round(ms / 1000)} s`;
  if (minutes < 60) return minutes === 1 ? "every minute" : `every ${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours === 24 ? "daily" : hours === 1 ? "hourly" : `every ${hours} hours`;
}

function took(job: JobStatus): string {
  if (!job.lastStartedAt || !job.lastFinishedAt || job.lastFinishedAt < job.lastStartedAt) return "—";
  const ms = job.lastFinishedAt.getTime() - job.lastStartedAt.getTime();
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function Outcome({ job }: { job: JobStatus }) {
  if (job.running) return <Pill tone="amber">Running</Pill>;
  if (!job.lastFinishedAt) return <span className="text-stone-600">Not run yet</span>;
  if (job.lastError) {
    return (
      <span>
        <Pill tone="red">Failed</Pill> <span className="text-sm text-stone-700">{job.lastError}</span>
      </span>
    );
  }
  return <Pill tone="green">OK</Pill>;
}

const COLUMNS: Column<JobStatus & { id: string }>[] = [
  { header: "Job", cell: (j) => <span className="font-medium text-stone-900">{j.name}</span> },
  { header: "Runs", className: "whitespace-nowrap text-stone-700", cell: (j) => every(j.intervalMs) },
  {
    header: "Last started",
    className: "whitespace-nowrap text-stone-700",
    cell: (j) => (j.lastStartedAt ? when.format(j.lastStartedAt) : "—"),
  },
  { header: "Took", align: "right", className: "tabular-nums text-stone-700", cell: took },
  { header: "Outcome", cell: (j) => <Outcome job={j} /> },
  {
    header: <span className="sr-only">Actions</span>,
    align: "right",
    cell: (j) => (
      <form method="post" action={`/admin/jobs/${encodeURIComponent(j.name)}/run`}>
        <button type="submit" className={secondaryButton} aria-label={`Run now: ${j.name}`} disabled={j.running}>
          Run now
        </button>
      </form>
    ),
  },
];

export function JobsView({ jobs }: { jobs: JobStatus[] | null }) {
  return (
    <section aria-labelledby="jobs-h">
      <h1 id="jobs-h" className="text-2xl font-bold text-stone-900">Background jobs</h1>
      <p className="mt-1 max-w-3xl text-sm text-stone-700">
        The shop runs these on its own schedule, one instance at a time. Run one now after a change that should not wait
        (a catalogue import, a price change before the feeds are fetched); each run is in the audit log.
      </p>
      {jobs === null
        ? <EmptyCard>Background jobs do not run in this server process.</EmptyCard>
        : <DataTable columns={COLUMNS} rows={jobs.map((j) => ({ ...j, id: j.name }))} minWidth="48rem" />}
    </section>
  );
}
