/**
 * The product page's reviews: the section's data (approved reviews by the page's ?rating=&source=&
 * sort=&page=, the viewer's votes and own review), the JSON-LD aggregateRating and review entries,
 * and the no-JavaScript form posts (write a review, vote, reply) that answer with a redirect and a toast.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import type { Db } from "../../db/client.ts";
import { getProductWithVariants } from "../../domains/catalog/mod.ts";
import {
  assertNotReviewed,
  createReview,
  listProductReviews,
  LOGIN_REQUIRED,
  reviewOf,
  type ReviewPage,
  reviewPageJson,
  type ReviewQuery,
  reviewQuery,
  type ReviewStatus,
  votesOf,
} from "../../domains/reviews/mod.ts";
import type { ReviewsSectionData } from "../../components/reviews/ReviewsSection.tsx";
import type { PageHead } from "../../lib/head.tsx";
import { AppError } from "../../lib/errors.ts";
import { isSlug } from "../../lib/ids.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { setFlash } from "../flash.ts";
import { readReviewSubmission, withStoredPhotos } from "../review_submission.ts";
import { formRoute } from "../action.ts";
import { replyAction, voteAction } from "../api/reviews.ts";

/** How many approved internal reviews the JSON-LD carries. */
const JSON_LD_REVIEWS = 5;

/** The page's review filters (?rating=&source=&sort=&page=; unknown values fall back). */
export function reviewFilters(c: Context<AppEnv>): ReviewQuery {
  return reviewQuery.parse(c.req.query());
}

/**
 * The reviews section for this viewer: the approved reviews of `page` (the same for everybody, so
 * the product page may take it from its cache) with the viewer's own votes and review, read fresh.
 * `ownStatus`: the status of the viewer's review when the caller has read it already (null: none).
 */
export async function reviewsSectionData(
  c: Context<AppEnv>,
  product: { id: number; slug: string },
  page: ReviewPage,
  query: ReviewQuery,
  ownStatus?: ReviewStatus | null,
): Promise<ReviewsSectionData> {
  const user = c.var.user;
  const loginHref = `/login?redirect=${encodeURIComponent(`/product/${product.slug}#reviews`)}`;
  const [votes, mine] = user
    ? await Promise.all([
      votesOf(c.var.db, user.id, page.items.map((r) => r.id)),
      ownStatus === undefined ? reviewOf(c.var.db, user.id, product.id) : ownStatus && { status: ownStatus },
    ])
    : [{}, null];
  return {
    block: {
      productId: product.id,
      slug: product.slug,
      initial: reviewPageJson(page),
      filters: {
        rating: query.rating ?? null,
        source: query.source ?? "all",
        sort: query.sort ?? "recent",
        page: page.page,
      },
      viewer: { id: user?.id ?? null, loginHref },
      votes,
    },
    form: {
      productId: product.id,
      slug: product.slug,
      signedIn: !!user,
      loginHref: `/login?redirect=${encodeURIComponent(`/product/${product.slug}?write-review=1#write-review`)}`,
      mine: mine ? { status: mine.status } : null,
      open: c.req.query("write-review") === "1",
    },
  };
}

/**
 * Adds aggregateRating and up to five `review` entries (approved reviews written here, newest first)
 * to the page's Product JSON-LD; nothing when the product has no approved review.
 */
export async function withReviewStructuredData(
  db: Db,
  head: PageHead,
  productId: number,
  page: ReviewPage,
): Promise<PageHead> {
  if (!page.summary.count) return head;
  const internal = await listProductReviews(
    db,
    productId,
    { source: "internal", sort: "recent" },
    JSON_LD_REVIEWS,
  );
  const jsonLd = (head.jsonLd ?? []).map((entry) =>
    (entry as { "@type"?: string })["@type"] === "Product"
      ? {
        ...entry,
        aggregateRating: {
          "@type": "AggregateRating",
          ratingValue: page.summary.average.toFixed(1),
          reviewCount: page.summary.count,
          bestRating: 5,
          worstRating: 1,
        },
        ...(internal.items.length
          ? {
            review: internal.items.map((r) => ({
              "@type": "Review",
              name: r.title,
              reviewBody: r.content,
              datePublished: r.createdAt.toISOString().slice(0, 10),
              author: { "@type": "Person", name: r.user?.username ?? "Customer" },
              reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
            })),
          }
          : {}),
      }
      : entry
  );
  return { ...head, jsonLd };
}

/** The product of a form post's slug, or 404. */
async function productOf(c: Context<AppEnv>) {
  const slug = c.req.param("slug") ?? "";
  if (!isSlug(slug)) throw new NotFoundError("Product Not Found");
  return await getProductWithVariants(c.var.db, { slug });
}

/** A visitor is asked to sign in first, and comes back to `back` afterwards. */
function askToSignIn(c: Context<AppEnv>, back: string) {
  setFlash(c, { title: "Login required", description: LOGIN_REQUIRED, variant: "destructive" });
  return c.redirect(`/login?redirect=${encodeURIComponent(back)}`, 303);
}

/** A refusal comes back as a toast on the product page rather than an error page. */
function notSaved(c: Context<AppEnv>, err: AppError, back: string) {
  if (err.status === 401) throw err;
  setFlash(c, { title: "Not saved", description: err.message, variant: "destructive" });
  return c.redirect(back, 303);
}

/** Runs the review form's submission (it carries photos, so it is read as multipart, not by an action). */
async function formAction(
  c: Context<AppEnv>,
  anchor: string,
  action: (product: { id: number; slug: string }) => Promise<{ title: string; description?: string }>,
) {
  const product = await productOf(c);
  const back = `/product/${product.slug}#${anchor}`;
  if (!c.var.user) return askToSignIn(c, back);
  try {
    const done = await action(product);
    setFlash(c, { ...done, variant: "success" });
    return c.redirect(back, 303);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return notSaved(c, err, `/product/${product.slug}?write-review=1#write-review`);
  }
}

/** POST /product/{slug}/reviews, /product/{slug}/reviews/{id}/vote, /product/{slug}/reviews/{id}/replies. */
export function reviewFormRoutes() {
  const app = new Hono<AppEnv>();
  app.post("/:slug/reviews", (c) =>
    formAction(c, "write-review", async (product) => {
      const user = c.var.user!;
      const submission = await readReviewSubmission(c);
      await assertNotReviewed(c.var.db, user.id, product.id);
      const input = await withStoredPhotos(c, submission);
      await createReview(c.var.db, { ...input, productId: product.id, userId: user.id });
      return {
        title: "Review submitted",
        description: "Thank you! Your review will appear once our team has approved it.",
      };
    }));
  // Voting and replying are the no-JavaScript twins of their actions (routes/api/reviews.ts). A
  // visitor is sent to sign in and back to the reviews (not to this POST-only path), as above.
  app.use("/:slug/reviews/:id/*", async (c, next) => {
    if (c.req.method !== "POST") return await next();
    // An unknown product is a 404 before anything is read or written.
    const product = await productOf(c);
    if (!c.var.user) return askToSignIn(c, `/product/${product.slug}#reviews`);
    await next();
  });
  // The slug was checked against the catalogue by the middleware above.
  const backToReviews = (c: Context<AppEnv>) => `/product/${c.req.param("slug")}#reviews`;
  formRoute(app, voteAction, {
    path: "/:slug/reviews/:id/vote",
    input: (fields) => ({ helpful: fields.helpful === "true" ? true : fields.helpful === "false" ? false : undefined }),
    onSuccess: (c) => {
      setFlash(c, { title: "Thanks for your feedback", variant: "success" });
      return c.redirect(backToReviews(c), 303);
    },
    onError: (c, err) => notSaved(c, err, backToReviews(c)),
  });
  formRoute(app, replyAction, {
    path: "/:slug/reviews/:id/replies",
    input: (fields) => ({ content: fields.content }),
    onSuccess: (c) => {
      setFlash(c, { title: "Reply posted", variant: "success" });
      return c.redirect(backToReviews(c), 303);
    },
    onError: (c, err) => notSaved(c, err, backToReviews(c)),
  });
  return app;
}
