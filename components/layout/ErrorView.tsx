/** The not-found page and the generic error page. */

export function NotFoundView({ path, email }: { path: string; email: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-6xl font-black text-green-800">404</p>
      <h1 className="mt-4 text-2xl font-bold">Page Not Found</h1>
      <p className="mt-3 text-stone-600">
        We couldn't find{" "}
        <code className="rounded bg-stone-100 px-1.5 py-0.5 text-sm break-all">{path}</code>. It may have moved, or the
        link may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className="rounded-lg bg-green-800 px-5 py-2.5 font-semibold text-white hover:bg-green-900">
          Return to Home
        </a>
        <a
          href="/categories"
          className="rounded-lg border border-stone-300 bg-white px-5 py-2.5 font-semibold hover:bg-stone-100"
        >
          Browse Categories
        </a>
      </div>
      <p className="mt-8 text-sm text-stone-600">
        Need help finding something? E-mail us at{" "}
        <a className="font-medium text-green-800 underline" href={`mailto:${email}`}>{email}</a>.
      </p>
    </section>
  );
}

/** A titled message with a way home; `title` defaults from the status. */
export function ErrorView({ status, message, title }: { status: number; message?: string; title?: string }) {
  const heading = title ??
    (status === 500
      ? "Something went wrong"
      : status === 403
      ? "Access Denied"
      : status === 401
      ? "Login Required"
      : status === 404
      ? message ?? "Not Found"
      : "We couldn't do that");
  const text = status === 500
    ? "An unexpected error stopped this page from loading. Please try again in a moment."
    : message;
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{heading}</h1>
      {text && text !== heading ? <p className="mt-3 text-stone-600">{text}</p> : null}
      <a
        href="/"
        className="mt-8 inline-block rounded-lg bg-green-800 px-5 py-2.5 font-semibold text-white hover:bg-green-900"
      >
        Return to Home
      </a>
    </section>
  );
}
