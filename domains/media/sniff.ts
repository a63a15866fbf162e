/**
 * What an uploaded file is, by its first bytes (the file name and the browser's word are not trusted),
 * and how large its picture claims to be, read from the header before anything is decoded: a 5 MB PNG
 * can claim 50,000 x 50,000 pixels and would need 10 GB to decode.
 */

export type ImageKind = "jpeg" | "png" | "webp";

/** The image format by its magic bytes, or null. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (
    bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 &&
    bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a
  ) return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  return null;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** Width and height from the header, or null when the header does not say (a broken file). */
export function imageDimensions(kind: ImageKind, bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
  if (kind === "png") {
    if (bytes.length < 24 || ascii(bytes, 12, 16) !== "IHDR") return null;
    return size(view.getUint32(16), view.getUint32(20));
  }
  if (kind === "webp") {
    const chunk = bytes.length >= 30 ? ascii(bytes, 12, 16) : "";
    if (chunk === "VP8X") {
      const w = 1 + (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16));
      const h = 1 + (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16));
      return size(w, h);
    }
    if (chunk === "VP8 ") return size(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
    if (chunk === "VP8L" && bytes[20] === 0x2f) {
      const bits = view.getUint32(21, true);
      return size((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
    }
    return null;
  }
  // JPEG: walk the segments to the first start-of-frame marker (SOF0-SOF15 except DHT, JPG, DAC).
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return size(view.getUint16(i + 7), view.getUint16(i + 5));
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    i += 2 + view.getUint16(i + 2);
  }
  return null;
}
