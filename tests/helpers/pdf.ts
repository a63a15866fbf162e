/**
 * The text of a generated PDF, read with poppler's pdftotext (installed by .ci/run): a test checks
 * what a person (or a bookkeeper's software) reads from an invoice, not how pdf-lib wrote it.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const out = await new Deno.Command("pdftotext", { args: ["-layout", "-", "-"], stdin: "piped", stdout: "piped" })
    .spawn();
  const writer = out.stdin.getWriter();
  await writer.write(bytes);
  await writer.close();
  const { code, stdout } = await out.output();
  if (code !== 0) throw new Error(`pdftotext failed (${code})`);
  return new TextDecoder().decode(stdout);
}

/** Page 1 of a PDF as a PNG file (pdftoppm), to look at in a review; returns the path. */
export async function pdfPageOnePng(bytes: Uint8Array, pathWithoutExt: string): Promise<string> {
  const pdf = `${pathWithoutExt}.pdf`;
  await Deno.writeFile(pdf, bytes);
  const { code } = await new Deno.Command("pdftoppm", {
    args: ["-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", pdf, pathWithoutExt],
  })
    .output();
  if (code !== 0) throw new Error(`pdftoppm failed (${code})`);
  return `${pathWithoutExt}.png`;
}
