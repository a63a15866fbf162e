/**
 * The header search box with suggestions as you type: debounced requests to
 * /api/search/suggest, arrow keys move through the list, Enter opens the highlighted product (or
 * searches for the text), Escape or a click outside closes. The list opens only once the visitor types:
 * on /search?q=... the box starts filled with the query, and suggestions popping up over the results
 * unasked were an audit finding (issue 16 item 9). Without JavaScript it is a plain search form.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { formatMoney } from "../lib/money.ts";
import { ProductImage } from "../components/catalog/ProductImage.tsx";
import { SearchIcon } from "../components/ui/icons.tsx";

interface Suggestion {
  id: number;
  name: string;
  slug: string;
  brand: string | null;
  price: number;
  salePrice: number | null;
  image: string | null;
}

const DEBOUNCE_MS = 200;

export default function SearchBox(
  { id, initialQuery, label = "Search the shop" }: {
    id: string;
    initialQuery: string;
    /** The search form's accessible name: each search form on a page has its own. */
    label?: string;
  },
) {
  const [query, setQuery] = useState(initialQuery);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const request = useRef<AbortController | null>(null);
  const form = useRef<HTMLFormElement>(null);
  /** Whether the visitor has typed in this box since the page loaded (the initial query is not asked for). */
  const typed = useRef(false);
  const listId = `${id}-suggestions`;

  useEffect(() => {
    const q = query.trim();
    if (!typed.current) return;
    if (q.length < 2) {
      setItems([]);
      return;
    }
    const timer = setTimeout(async () => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      try {
        const res = await fetch(`/api/search/suggest?q=${encodeURIComponent(q)}`, { signal: controller.signal });
        if (!res.ok) return;
        const data: Suggestion[] = await res.json();
        setItems(data);
        setActive(-1);
        setOpen(true);
      } catch {
        // aborted or offline: keep what is shown
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  // A click or tap anywhere outside the box closes the list (blur alone misses a click on the page
  // after the field lost focus some other way, such as a tap on a phone's keyboard "done").
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!form.current?.contains(e.target as Node)) {
        setOpen(false);
        setActive(-1);
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" && items.length) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % items.length);
    } else if (e.key === "ArrowUp" && items.length) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
    } else if (e.key === "Escape" && open) {
      // First Escape closes the list; a second one is the browser's own (clears the field).
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (e.key === "Enter" && open && active >= 0 && items[active]) {
      e.preventDefault();
      location.assign(`/product/${items[active].slug}`);
    }
  }

  const showList = open && query.trim().length >= 2;
  return (
    <form ref={form} action="/search" method="get" role="search" aria-label={label} className="relative w-full">
      <label htmlFor={id} className="sr-only">Search products</label>
      <input
        id={id}
        name="q"
        // text, not search: the HTML checker allows the combobox role only on a text input.
        type="text"
        inputMode="search"
        enterKeyHint="search"
        value={query}
        onChange={(e) => {
          typed.current = true;
          setQuery(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => items.length && setOpen(true)}
        placeholder="Search terrariums, UVB, heat mats..."
        autoComplete="off"
        maxLength={100}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        className="w-full rounded-full border border-stone-300 bg-stone-50 py-2 pr-12 pl-4 text-sm focus:border-green-700 focus:bg-white focus:outline-none"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute top-1/2 right-1 -translate-y-1/2 rounded-full p-2 text-stone-600 hover:text-green-800"
      >
        <SearchIcon className="h-5 w-5" />
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!showList}
        className="absolute inset-x-0 top-full z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-xl border border-stone-200 bg-white p-1 shadow-xl"
      >
        {items.length === 0
          ? (
            <li className="px-3 py-2 text-sm text-stone-500" role="presentation">
              No matching products. Press Enter to search.
            </li>
          )
          : items.map((s, i) => (
            <li
              key={s.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                location.assign(`/product/${s.slug}`);
              }}
              onMouseEnter={() => setActive(i)}
              className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 aria-selected:bg-green-50"
            >
              <ProductImage
                src={s.image}
                name={s.name}
                alt=""
                width={40}
                height={40}
                eager
                className="h-10 w-10 shrink-0 rounded"
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-stone-900">{s.name}</span>
                {s.brand ? <span className="block text-xs text-stone-500">{s.brand}</span> : null}
              </span>
              <span className="text-sm font-semibold text-stone-900">
                {formatMoney(Math.round((s.salePrice ?? s.price) * 100))}
              </span>
            </li>
          ))}
      </ul>
    </form>
  );
}
