import assert from "node:assert/strict";
import { csvCell, csvFile, csvRow } from "./csv.ts";

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
