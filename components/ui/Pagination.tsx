/** Previous / numbered / next page links; nothing when there is one page. */
export function Pagination(
  { page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string },
) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1)
    .filter((p) => p === 1 || p === pageCount || Math.abs(p - page) <= 2);
  const cls = "rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm hover:bg-stone-100";
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? <a className={cls} href={href(page - 1)} rel="prev">Previous</a> : null}
      {pages.map((p, i) => (
        <span key={p} className="flex items-center gap-2">
          {i > 0 && p - pages[i - 1] > 1 ? <span aria-hidden="true">…</span> : null}
          {p === page
            ? (
              <span
                aria-current="page"
                className="rounded-md bg-green-800 px-3 py-1.5 text-sm font-semibold text-white"
              >
                {p}
              </span>
            )
            : <a className={cls} href={href(p)}>{p}</a>}
        </span>
      ))}
      {page < pageCount ? <a className={cls} href={href(page + 1)} rel="next">Next</a> : null}
    </nav>
  );
}
