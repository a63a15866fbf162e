/**
 * The register form's strength meter, scored exactly as the spec says: 2 points a character up to
 * 25 characters; +10 upper, +10 lower, +10 digit, +15 special; +5 for several digits, +10 several
 * specials, +5 several upper, +5 several lower; -5 for a run of digits, -5 for a run of letters;
 * clamped to 0-100. Levels: weak below 40, medium below 60, strong below 80, else very strong.
 */

export type StrengthLevel = "weak" | "medium" | "strong" | "very strong";

const count = (text: string, re: RegExp) => (text.match(re) ?? []).length;

/**
 * The spec's score, 0-100. Characters are counted as the shopper sees them (code points), so an
 * emoji is one character and one special, not two UTF-16 halves. The readings of "several" and
 * "runs" are recorded in docs/decisions/0018-password-strength-reading.md.
 */
export function passwordScore(pw: string): number {
  let score = Math.min(Array.from(pw).length, 25) * 2;
  const upper = count(pw, /[A-Z]/g);
  const lower = count(pw, /[a-z]/g);
  const digits = count(pw, /[0-9]/g);
  const specials = count(pw, /[^A-Za-z0-9]/gu);
  if (upper) score += 10;
  if (lower) score += 10;
  if (digits) score += 10;
  if (specials) score += 15;
  if (digits >= 2) score += 5;
  if (specials >= 2) score += 10;
  if (upper >= 2) score += 5;
  if (lower >= 2) score += 5;
  // A run is three or more of the same kind in a row ("123", "aBc"); each kind costs 5 once at most.
  if (/[0-9]{3,}/.test(pw)) score -= 5;
  if (/[A-Za-z]{3,}/.test(pw)) score -= 5;
  return Math.max(0, Math.min(100, score));
}

/** The meter's label for a score: weak below 40, medium below 60, strong below 80, else very strong. */
export function strengthLevel(score: number): StrengthLevel {
  if (score < 40) return "weak";
  if (score < 60) return "medium";
  if (score < 80) return "strong";
  return "very strong";
}
