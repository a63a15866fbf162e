/**
 * 'Write a Review' / 'Cancel Review': the review form (stars 1-5 with hover preview, title, content,
 * up to 5 JPEG/PNG photos of 5 MB each) with the spec's messages. A plain multipart form post first
 * (the server answers with the page and a toast); once hydrated it checks the fields and sends through
 * the API. Visitors see the form disabled with a login link. It opens by itself when the address ends
 * in #write-review (the order page's 'Write a Review' buttons).
 */
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { ApiError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { FilledStar } from "../components/reviews/parts.tsx";

export interface ReviewFormProps {
  productId: number;
  slug: string;
  signedIn: boolean;
  loginHref: string;
  /** The viewer's own review of this product, when there is one. */
  mine: { status: "pending" | "approved" | "rejected" } | null;
  /** Rendered open (the no-JavaScript link ?write-review=1). */
  open: boolean;
}

const MAX_PHOTOS = 5;
const MAX_BYTES = 5 * 1024 * 1024;
const RATING_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

/** The field problems the server would report, with the spec's words. */
export function reviewFormProblems(f: { title: string; content: string }): { title?: string; content?: string } {
  const title = f.title.trim();
  const content = f.content.trim();
  return {
    title: title.length < 3
      ? "Title must be at least 3 characters"
      : title.length > 100
      ? "Title cannot exceed 100 characters"
      : undefined,
    content: content.length < 10
      ? "Review must be at least 10 characters"
      : content.length > 1000
      ? "Review cannot exceed 1000 characters"
      : undefined,
  };
}

/** A form box's link to its error message (`{id}-error`), when it has one. */
function errorProps(id: string, error: string | undefined) {
  return { "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined };
}

/** The message {@link errorProps} points at. */
function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p> : null;
}

const field = "mt-1 w-full rounded-md border border-stone-300 px-3 py-2 disabled:bg-stone-100";

/**
 * The title input or (with `rows`) the review textarea, with its label and error message; `children`
 * stand between the control and the error (the character count).
 */
function TextField(
  { name, label, rows, maxLength, disabled, value, onChange, error, children }: {
    name: string;
    label: string;
    rows?: number;
    maxLength: number;
    disabled: boolean;
    value: string;
    onChange: (value: string) => void;
    error: string | undefined;
    children?: ReactNode;
  },
) {
  const id = `review-${name}`;
  // In the order the attributes are written (rows only on the textarea).
  const control = {
    id,
    name,
    ...(rows ? { rows } : {}),
    maxLength,
    disabled,
    value,
    className: field,
    ...errorProps(id, error),
  };
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">{label}</label>
      {rows
        ? <textarea {...control} onChange={(e) => onChange(e.target.value)} />
        : <input {...control} onChange={(e) => onChange(e.target.value)} />}
      {children}
      <ErrorText id={id} error={error} />
    </div>
  );
}

export default function ReviewForm(
  { productId, slug, signedIn, loginHref, mine, open: openInitially }: ReviewFormProps,
) {
  const [open, setOpen] = useState(openInitially);
  const [rating, setRating] = useState(0);
  const [hover, setHover] = useState(0);
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ title?: string; content?: string; photos?: string }>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(mine);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const fromHash = () => {
      if (location.hash === "#write-review") {
        setOpen(true);
        document.getElementById("write-review")?.scrollIntoView({ block: "start" });
      }
    };
    fromHash();
    addEventListener("hashchange", fromHash);
    return () => removeEventListener("hashchange", fromHash);
  }, []);

  function choosePhotos(e: ChangeEvent<HTMLInputElement>) {
    const files = [...(e.target.files ?? [])];
    if (files.length > MAX_PHOTOS) {
      toast({
        title: "Maximum 5 images allowed",
        description: "You can upload a maximum of 5 images per review",
        variant: "destructive",
      });
      e.target.value = "";
      setPhotos([]);
      return;
    }
    const wrong = files.find((f) => !["image/jpeg", "image/png"].includes(f.type));
    const big = files.find((f) => f.size > MAX_BYTES);
    setErrors((x) => ({
      ...x,
      photos: wrong ? "Photos must be JPG or PNG images" : big ? "Each photo must be 5 MB or smaller" : undefined,
    }));
    setPhotos(wrong || big ? [] : files);
    if (wrong || big) e.target.value = "";
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!signedIn) {
      toast({ title: "Login required", description: "Please login to submit a review", variant: "destructive" });
      return;
    }
    if (!rating) {
      toast({
        title: "Rating required",
        description: "Please select a star rating for your review",
        variant: "destructive",
      });
      return;
    }
    const problems = reviewFormProblems({ title, content });
    setErrors((x) => ({ ...x, ...problems }));
    if (problems.title || problems.content || errors.photos) return;
    const body = new FormData();
    body.set("rating", String(rating));
    body.set("title", title);
    body.set("content", content);
    for (const p of photos) body.append("photos", p);
    setBusy(true);
    try {
      const res = await fetch(`/api/products/${productId}/reviews`, {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      const json = await res.json().catch(() => null);
      if (!res.ok) throw new ApiError(json?.message ?? json?.error ?? `${res.status}`, res.status, json);
      setSent({ status: "pending" });
      setOpen(false);
      toast({
        title: "Review submitted",
        description: "Thank you! Your review will appear once our team has approved it.",
        variant: "success",
      });
    } catch (err) {
      toast({ title: "Could not submit your review", description: (err as Error).message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <p id="write-review" className="rounded-lg border border-stone-200 bg-stone-50 p-4 text-sm text-stone-700">
        {sent.status === "pending"
          ? "Thank you for your review. It will appear here once our team has approved it."
          : sent.status === "approved"
          ? "You have reviewed this product. Thank you!"
          : "You have already reviewed this product."}
      </p>
    );
  }

  const shown = hover || rating;
  const disabled = !signedIn;
  return (
    <div id="write-review" className="scroll-mt-24">
      <a
        href={open ? `/product/${slug}#reviews` : `/product/${slug}?write-review=1#write-review`}
        onClick={(e) => {
          e.preventDefault();
          setOpen(!open);
        }}
        role="button"
        aria-expanded={open}
        className="inline-flex items-center justify-center rounded-lg bg-green-800 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-green-900"
      >
        {open ? "Cancel Review" : "Write a Review"}
      </a>
      {open
        ? (
          <form
            method="post"
            action={`/product/${slug}/reviews`}
            encType="multipart/form-data"
            onSubmit={submit}
            noValidate
            className="mt-4 space-y-4 rounded-lg border border-stone-200 bg-white p-4 sm:p-6"
          >
            {disabled
              ? (
                <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                  Please login to submit a review. <a href={loginHref} className="font-semibold underline">Login</a>
                </p>
              )
              : null}
            <fieldset disabled={disabled}>
              <legend className="text-sm font-semibold text-stone-800">Your rating</legend>
              <div className="mt-1 flex items-center gap-1" onMouseLeave={() => setHover(0)}>
                {[1, 2, 3, 4, 5].map((n) => (
                  <label
                    key={n}
                    className={`cursor-pointer ${n <= shown ? "text-amber-500" : "text-stone-300"}`}
                    onMouseEnter={() => setHover(n)}
                  >
                    <input
                      type="radio"
                      name="rating"
                      value={n}
                      checked={rating === n}
                      onChange={() => setRating(n)}
                      className="peer sr-only"
                    />
                    <span className="sr-only">{n} {n === 1 ? "star" : "stars"}</span>
                    <span className="block rounded peer-focus-visible:outline-2 peer-focus-visible:outline-green-800">
                      <FilledStar className="h-8 w-8" />
                    </span>
                  </label>
                ))}
                <span className="ml-2 text-sm text-stone-600" aria-live="polite">{RATING_WORDS[shown]}</span>
              </div>
            </fieldset>
            <TextField
              name="title"
              label="Title"
              maxLength={100}
              disabled={disabled}
              value={title}
              onChange={setTitle}
              error={errors.title}
            />
            <TextField
              name="content"
              label="Review"
              rows={5}
              maxLength={1000}
              disabled={disabled}
              value={content}
              onChange={setContent}
              error={errors.content}
            >
              <p className="mt-1 text-xs text-stone-500">{content.trim().length}/1000</p>
            </TextField>
            <div>
              <label htmlFor="review-photos" className="text-sm font-semibold text-stone-800">
                Photos (optional)
              </label>
              <input
                ref={fileInput}
                id="review-photos"
                name="photos"
                type="file"
                multiple
                accept="image/jpeg,image/png"
                disabled={disabled}
                onChange={choosePhotos}
                className="mt-1 block w-full text-sm"
              />
              <p className="mt-1 text-xs text-stone-500">Up to 5 images, JPG or PNG, 5MB each.</p>
              {errors.photos ? <p className="mt-1 text-sm text-red-700">{errors.photos}</p> : null}
              {photos.length ? <p className="mt-1 text-xs text-stone-600">{photos.length} selected</p> : null}
            </div>
            <button
              type="submit"
              disabled={disabled || busy}
              className="inline-flex items-center justify-center rounded-lg bg-green-800 px-4 py-2.5 text-sm font-semibold text-white hover:bg-green-900 disabled:cursor-not-allowed disabled:opacity-50"
            >
              {busy ? "Submitting..." : "Submit Review"}
            </button>
          </form>
        )
        : null}
    </div>
  );
}
