/** Marks the words of `text` that a search matched: words starting with a term, or a close typo of it. */

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}

function matches(word: string, terms: string[]): boolean {
  const w = word.toLowerCase();
  return terms.some((t) =>
    w.startsWith(t) || (t.length >= 5 && editDistance(w.slice(0, t.length + 1), t) <= 2) ||
    (t.length >= 5 && editDistance(w, t) <= 2)
  );
}

export function Highlight({ text, terms }: { text: string; terms?: string[] }) {
  if (!terms?.length) return <>{text}</>;
  const parts = text.split(/([A-Za-z0-9]+)/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 && matches(part, terms)
          ? <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-inherit">{part}</mark>
          : part
      )}
    </>
  );
}
