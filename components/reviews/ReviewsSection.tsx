/**
 * The product page's 'Customer Reviews' section (anchor #reviews): the write-a-review form island and
 * the reviews block island, both rendered in full on the server.
 */
import { Island } from "../../lib/islands.tsx";
import ReviewsBlock, { type ReviewsBlockProps } from "../../islands/ReviewsBlock.tsx";
import ReviewForm, { type ReviewFormProps } from "../../islands/ReviewForm.tsx";

export interface ReviewsSectionData {
  block: ReviewsBlockProps;
  form: ReviewFormProps;
}

export function ReviewsSection({ data }: { data: ReviewsSectionData }) {
  return (
    <section id="reviews" className="mt-12 scroll-mt-24" aria-labelledby="reviews-heading">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h2 id="reviews-heading" className="text-2xl font-bold">Customer Reviews</h2>
      </div>
      <div className="mb-8">
        <Island name="ReviewForm" component={ReviewForm} props={data.form} hydrate="visible" />
      </div>
      <Island name="ReviewsBlock" component={ReviewsBlock} props={data.block} hydrate="visible" />
    </section>
  );
}
