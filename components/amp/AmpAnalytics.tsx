/**
 * The AMP pages' two vendor-typed amp-analytics tags (Google Analytics and the Meta pixel). Their ids
 * come from the shop configuration (GA_MEASUREMENT_ID, META_PIXEL_ID); a tag whose id is not set is
 * left out rather than sending hits to a made-up property. AMP runs them itself; the page ships none
 * of our JavaScript.
 */
import "./elements.ts";
import { scriptJson } from "../../lib/head.tsx";

export function AmpAnalytics({ gaMeasurementId, metaPixelId }: { gaMeasurementId?: string; metaPixelId?: string }) {
  return (
    <>
      {gaMeasurementId && (
        <amp-analytics type="gtag" data-credentials="include">
          <script
            type="application/json"
            dangerouslySetInnerHTML={{
              __html: scriptJson({
                vars: { gtag_id: gaMeasurementId, config: { [gaMeasurementId]: { groups: "default" } } },
              }),
            }}
          />
        </amp-analytics>
      )}
      {metaPixelId && (
        <amp-analytics type="facebookpixel" id="facebook-pixel">
          <script
            type="application/json"
            dangerouslySetInnerHTML={{
              __html: scriptJson({
                vars: { pixelId: metaPixelId },
                triggers: { trackPageview: { on: "visible", request: "pageview" } },
              }),
            }}
          />
        </amp-analytics>
      )}
    </>
  );
}
