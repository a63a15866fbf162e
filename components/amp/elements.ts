/**
 * JSX types for the AMP components the AMP pages use, so `<amp-img>` and friends type-check. Only
 * the attributes we write are declared; React renders them as plain HTML attributes.
 */
import type { DetailedHTMLProps, HTMLAttributes } from "react";

type AmpAttributes = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  layout?: "responsive" | "fixed" | "fill" | "fixed-height" | "flex-item" | "intrinsic" | "nodisplay";
  width?: number | string;
  height?: number | string;
};

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "amp-img": AmpAttributes & { src: string; alt: string };
      "amp-carousel": AmpAttributes & { type: "slides" | "carousel"; controls?: string; loop?: string };
      "amp-sidebar": AmpAttributes & { side: "left" | "right" };
      "amp-analytics": AmpAttributes & { type?: string; "data-credentials"?: "include" | "omit" };
    }
  }
}

/** The AMP `on` attribute (e.g. "tap:menu.toggle"), which React's element types do not know. */
export function ampOn(action: string): Record<string, string> {
  return { on: action };
}
