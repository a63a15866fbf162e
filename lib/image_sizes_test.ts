import assert from "node:assert/strict";
import { imageVariants, parseSizedUrl, responsiveImage } from "./image_sizes.ts";

Deno.test("[images] srcset lists every stored width of an uploaded image and picks a 2x src", () => {
  const url = "/media/products/0123456789abcdef0123456789abcdef-1200.webp";
  const base = "/media/products/0123456789abcdef0123456789abcdef";
  assert.deepEqual(parseSizedUrl(url), { base, width: 1200 });
  assert.deepEqual(imageVariants(url).map((v) => v.width), [320, 640, 1200]);
  assert.deepEqual(responsiveImage(url, { sizes: "80px", displayWidth: 80 }), {
    src: `${base}-320.webp`,
    srcSet: `${base}-320.webp 320w, ${base}-640.webp 640w, ${base}-1200.webp 1200w`,
    sizes: "80px",
  });
  assert.equal(responsiveImage(url, { sizes: "600px", displayWidth: 600 }).src, url);
  // An image stored at 500 px has siblings below 500 only.
  assert.deepEqual(imageVariants(`${base}-500.webp`).map((v) => v.width), [320, 500]);
  // A bucket's public URL follows the same convention.
  const cdn = "https://cdn.example.co.za/products/0123456789abcdef0123456789abcdef-640.webp";
  assert.equal(responsiveImage(cdn, { sizes: "1px", displayWidth: 1 }).srcSet?.split(", ").length, 2);
});

Deno.test("[images] placeholders and foreign URLs come back as they are", () => {
  for (const url of ["/images/placeholder/gecko.svg", "https://example.com/a-1200.webp", "/media/products/x-640.jpg"]) {
    assert.deepEqual(responsiveImage(url, { sizes: "100px", displayWidth: 100 }), { src: url });
  }
});
