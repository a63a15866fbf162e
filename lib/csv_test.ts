import assert from "node:assert/strict";
import { csvCell, csvFile, csvRow, CsvSyntaxError, csvText, parseCsv } from "./csv.ts";

Deno.test("[csv] text that starts like a formula is neutralised: apostrophe first, then quoted", () => {
  assert.equal(
    csvCell('=HYPERLINK("http://evil.example","Click")'),
    `"'=HYPERLINK(""http://evil.example"",""Click"")"`,
  );
  assert.equal(csvCell("@SUM(A1:A9)"), `"'@SUM(A1:A9)"`);
  assert.equal(csvCell("+27 82 555 0100"), `"'+27 82 555 0100"`);
  assert.equal(csvCell("-1+2"), `"'-1+2"`);
  assert.equal(csvCell("-5"), `"'-5"`, "text that looks negative is still text");
  assert.equal(csvCell("\t=1+1"), `"'\t=1+1"`);
  assert.equal(csvCell("\r=1+1"), `"'\r=1+1"`);
  assert.equal(csvCell("\n=1+1"), `"'\n=1+1"`);
  assert.equal(csvCell("\uFF1D1+1"), `"'\uFF1D1+1"`, "full-width equals sign");
});

Deno.test("[csv] RFC 4180 quoting, and plain text as it is", () => {
  assert.equal(csvCell("plain"), "plain");
  assert.equal(csvCell("129.00 ZAR"), "129.00 ZAR", "Meta's price format starts with a digit");
  assert.equal(csvCell("a,b"), '"a,b"');
  assert.equal(csvCell('a"b'), '"a""b"');
  assert.equal(csvCell("line\nbreak"), '"line\nbreak"');
  assert.equal(csvCell("a=b"), "a=b", "only the first character matters");
  assert.equal(csvCell(" =1+1"), " =1+1");
  assert.equal(csvCell(""), "");
  assert.equal(csvCell(null), "");
  assert.equal(csvCell(undefined), "");
});

Deno.test("[csv] numbers the writer knows are numeric stay numbers", () => {
  assert.equal(csvCell(-5), "-5");
  assert.equal(csvCell(129.5), "129.5");
  assert.equal(csvCell(0), "0");
  assert.throws(() => csvCell(Number.NaN), TypeError);
  assert.throws(() => csvCell(Infinity), TypeError);
});

Deno.test("[csv] rows and files: commas between cells, CRLF after every line", () => {
  assert.equal(csvRow(["a", null, 3, "=x"]), `a,,3,"'=x"`);
  assert.equal(csvFile(["id", "name"], [["1", "@me"], ["2", "ok"]]), `id,name\r\n1,"'@me"\r\n2,ok\r\n`);
  assert.equal(csvFile(["id"], []), "id\r\n");
});

Deno.test("[csv] a guarded cell reads back as the text written, and text's own apostrophes stay", () => {
  for (
    const text of ["=SUM(A1)", "'=SUM(A1)", "''@x", "-5", "'quoted'", "it's", "plain", "", "\t=1", "'", "''"]
  ) {
    const [[cell, end]] = parseCsv(csvRow([text, "end"]) + "\r\n");
    assert.deepEqual([csvText(cell), end], [text, "end"], JSON.stringify(text));
  }
  assert.equal(csvCell("'=1"), `"''=1"`, "an apostrophe before a formula is guarded too");
  assert.equal(csvText("'hello"), "'hello", "an apostrophe before plain text is the text's own");
});

Deno.test("[csv] parsing: quotes, commas and line breaks inside cells, BOM, CRLF, LF and CR, blank lines", () => {
  const file = '\uFEFFHandle,Body\r\n"a,b","line one\nline ""two"""\r\n\r\nc,d\ne,"f\r\ng"\rh,\n';
  assert.deepEqual(parseCsv(file), [
    ["Handle", "Body"],
    ["a,b", 'line one\nline "two"'],
    ["c", "d"],
    ["e", "f\r\ng"],
    ["h", ""],
  ]);
  assert.deepEqual(parseCsv("a,b\n1\n"), [["a", "b"], ["1"]], "a short record is kept as it is");
});

Deno.test("[csv] parsing: a malformed file names the record where it went wrong; reading stops past the limit", () => {
  assert.throws(() => parseCsv('a,b\n1,2\n"open,3\n'), (e) => e instanceof CsvSyntaxError && e.record === 3);
  assert.throws(() => parseCsv('a,b\nx"y,2\n'), /Row 2: a quote inside an unquoted cell/);
  assert.equal(parseCsv("h\n1\n2\n3\n4\n5\n", { maxRecords: 3 }).length, 4, "one past the limit tells it is over");
});
