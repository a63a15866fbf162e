/**
 * Island boot: finds the island markers the server rendered, imports each island's chunk (URLs come
 * from the data-islands attribute of this script's tag, written by the server from the build
 * manifest) and hydrates it with its JSON props. The islands every page has are built into the boot
 * script and handed to start() (scripts/build.ts, BOOT_ISLANDS).
 */
import { createElement, type FunctionComponent, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { enhanceCartForms } from "./cart.ts";

/**
 * hydrateRoot() returns before React has hydrated anything (hydration is concurrent), so the
 * `data-hydrated` marker that tests and progressive-enhancement code wait for is set from an effect:
 * a parent's effect runs after every child's, so by then the island is interactive.
 */
function Hydrated({ el, island }: { el: HTMLElement; island: ReactNode }) {
  useEffect(() => {
    el.dataset.hydrated = "true";
  }, [el]);
  return island;
}

type Islands = Record<string, FunctionComponent<never>>;

function hydrate(el: HTMLElement, url: string, builtIn: Islands) {
  const name = el.dataset.island!;
  const props = JSON.parse(el.dataset.props ?? "{}");
  const load = builtIn[name] ? Promise.resolve({ [name]: builtIn[name] }) : import(url);
  load.then((mod) => {
    // A group's chunk exports each of its islands by name; an island's own chunk, as its default.
    const island = createElement((mod[name] ?? mod.default) as FunctionComponent, props);
    hydrateRoot(el, createElement(Hydrated, { el, island }));
  }).catch((err) => console.error(`island ${name} failed to load`, err));
}

/**
 * Islands marked data-hydrate="visible" load when they come within 400 px of the viewport (their
 * server markup works meanwhile: plain forms and links). `display: contents` gives the marker no
 * box of its own, so its first child is what is observed.
 */
const waiting = new Map<Element, () => void>();
const nearViewport = "IntersectionObserver" in globalThis
  ? new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      nearViewport!.unobserve(entry.target);
      waiting.get(entry.target)?.();
      waiting.delete(entry.target);
    }
  }, { rootMargin: "400px 0px" })
  : null;

function boot(builtIn: Islands) {
  const tag = document.querySelector<HTMLScriptElement>("script[data-islands]");
  const urls: Record<string, string> = JSON.parse(tag?.dataset.islands ?? "{}");
  for (const el of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const name = el.dataset.island!;
    const url = urls[name];
    if (!url) {
      console.error(`island ${name}: no chunk in the manifest`);
      continue;
    }
    const target = el.firstElementChild;
    if (el.dataset.hydrate === "visible" && nearViewport && target) {
      waiting.set(target, () => hydrate(el, url, builtIn));
      nearViewport.observe(target);
    } else hydrate(el, url, builtIn);
  }
}

/**
 * Header shadow after 20 px and back-to-top after 300 px of scroll are CSS scroll-driven animations
 * (styles/app.css). Browsers without scroll timelines (Firefox, Safari) get the same from classes
 * that one passive scroll listener toggles; browsers with them never run it. This script is on every
 * storefront page because the layout always carries the Toaster island (decision 0001).
 */
function scrollChromeFallback() {
  if (globalThis.CSS?.supports?.("animation-timeline", "scroll()")) return;
  const header = document.getElementById("site-header");
  const backToTop = document.querySelector<HTMLElement>(".back-to-top");
  if (!header && !backToTop) return;
  let queued = false;
  const update = () => {
    queued = false;
    // The spec's thresholds: a shadow after 20 px, the button after more than 300 px.
    header?.classList.toggle("is-scrolled", scrollY > 20);
    backToTop?.classList.toggle("is-visible", scrollY > 300);
  };
  addEventListener("scroll", () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(update);
  }, { passive: true });
  update();
}

/** Runs once, from the boot script's entry (scripts/build.ts), with the islands built into it. */
export function start(builtIn: Islands) {
  enhanceCartForms();
  scrollChromeFallback();
  boot(builtIn);
}
