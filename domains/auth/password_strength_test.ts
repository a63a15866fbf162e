/**
 * The strength meter against document 2 section 5, with each score worked by hand:
 * length (2 a character, at most 25) + kinds (upper 10, lower 10, digit 10, special 15)
 * + several (digits 5, specials 10, upper 5, lower 5) - runs (digits 5, letters 5), clamped 0-100.
 */
import assert from "node:assert/strict";
import { passwordScore, strengthLevel } from "./password_strength.ts";

/** Scores a test also checks the level of: either side of each level's boundary, and the top score. */
const LEVELS: Record<string, [number, string][]> = {
  "each level starts exactly at its boundary": [
    [39, "weak"],
    [40, "medium"],
    [59, "medium"],
    [60, "strong"],
    [79, "strong"],
    [80, "very strong"],
    [100, "very strong"],
  ],
};

/** [password, score, level, the sum written out] */
type Case = [string, number, string, string];

/** Each test's passwords, scored by hand. */
const CASES: Record<string, Case[]> = {
  "each level starts exactly at its boundary": [
    ["", 0, "weak", "nothing"],
    ["a", 12, "weak", "2 + lower 10"],
    ["geckos!", 39, "weak", "14 + lower 10 + special 15 + several lower 5 - letter run 5"],
    ["gecK1", 40, "medium", "10 + upper 10 + lower 10 + digit 10 + several lower 5 - letter run 5"],
    ["geckO1!", 59, "medium", "14 + 10 + 10 + 10 + 15 + several lower 5 - letter run 5"],
    ["Ge1!o", 60, "strong", "10 + 10 + 10 + 10 + 15 + several lower 5"],
    ["ge1K2!!", 79, "strong", "14 + 45 + several digits 5 + several specials 10 + several lower 5"],
    ["GeckO123!!", 80, "very strong", "20 + 45 + 5 + 10 + several upper 5 + 5 - digit run 5 - letter run 5"],
  ],
  "length counts up to 25 characters, the total stops at 100": [
    ["x".repeat(25), 60, "strong", "50 + lower 10 + several lower 5 - letter run 5"],
    ["x".repeat(30), 60, "strong", "characters 26 to 30 add nothing"],
    ["x".repeat(100), 60, "strong", "still 50 for length"],
    ["correct horse battery staple", 85, "very strong", "50 + 10 + spaces are special 15 + 5 + 10 - letter run 5"],
    ["aB1!aB1!aB1!aB1!", 100, "very strong", "32 + 45 + 25 = 102, clamped"],
  ],
  "runs of three cost 5 per kind, however many there are": [
    ["12", 19, "weak", "4 + digit 10 + several digits 5"],
    ["123", 16, "weak", "6 + 10 + 5 - digit run 5"],
    ["ab", 19, "weak", "4 + lower 10 + several lower 5"],
    ["abc", 16, "weak", "6 + 10 + 5 - letter run 5"],
    ["aBc", 26, "weak", "6 + upper 10 + lower 10 + several lower 5 - a letter run spans both cases 5"],
    ["aB1c", 43, "medium", "8 + 10 + 10 + 10 + several lower 5, no run"],
    ["123!456", 39, "weak", "14 + 10 + 15 + 5 - one digit deduction for two runs 5"],
    ["abc123", 32, "weak", "12 + 10 + 10 + 5 + 5 - digit run 5 - letter run 5"],
  ],
  "a character is what the shopper typed, an emoji counts once": [
    ["🦎", 17, "weak", "2 + special 15"],
    ["Gecko🦎1", 59, "medium", "14 + 10 + 10 + 10 + 15 + several lower 5 - letter run 5"],
    ["é!", 29, "weak", "4 + special 15 + several specials 10 (é is not A-Z)"],
  ],
};

for (const [name, cases] of Object.entries(CASES)) {
  Deno.test(`[auth] password strength: ${name}`, () => {
    for (const [pw, score, level, working] of cases) {
      assert.equal(passwordScore(pw), score, `${JSON.stringify(pw)}: ${working}`);
      assert.equal(strengthLevel(passwordScore(pw)), level, JSON.stringify(pw));
    }
    for (const [score, level] of LEVELS[name] ?? []) assert.equal(strengthLevel(score), level, `score ${score}`);
  });
}
