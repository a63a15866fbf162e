/** A breadcrumb trail; the last crumb is the current page. */
export function Breadcrumbs({ items }: { items: { label: string; href?: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-1.5">
        {items.map((item, i) => (
          <li key={i} className="flex items-center gap-1.5">
            {i > 0 ? <span aria-hidden="true" className="text-stone-400">/</span> : null}
            {item.href && i < items.length - 1
              ? <a href={item.href} className="hover:text-green-800 hover:underline">{item.label}</a>
              : (
                <span aria-current={i === items.length - 1 ? "page" : undefined} className="font-medium text-stone-900">
                  {item.label}
                </span>
              )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
