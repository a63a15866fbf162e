/**
 * The two vendor-typed amp-analytics tags of every AMP page (ids in ./config.ts). AMP runs them
 * itself; the page ships none of our JavaScript.
 */
import "./elements.ts";
import { scriptJson } from "../../lib/head.tsx";
import { AMP_FACEBOOK_PIXEL_ID, AMP_GA_MEASUREMENT_ID } from "./config.ts";

export function AmpAnalytics() {
  const gtag = {
    vars: { gtag_id: AMP_GA_MEASUREMENT_ID, config: { [AMP_GA_MEASUREMENT_ID]: { groups: "default" } } },
  };
  const pixel = {
    vars: { pixelId: AMP_FACEBOOK_PIXEL_ID },
    triggers: { trackPageview: { on: "visible", request: "pageview" } },
  };
  return (
    <>
      <amp-analytics type="gtag" data-credentials="include">
        <script type="application/json" dangerouslySetInnerHTML={{ __html: scriptJson(gtag) }} />
      </amp-analytics>
      <amp-analytics type="facebookpixel" id="facebook-pixel">
        <script type="application/json" dangerouslySetInnerHTML={{ __html: scriptJson(pixel) }} />
      </amp-analytics>
    </>
  );
}
