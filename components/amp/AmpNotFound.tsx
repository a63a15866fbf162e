/** The body of an AMP page whose product or category does not exist (served with status 404). */

export const AMP_NOT_FOUND = {
  product: {
    title: "Product Not Found",
    message: "The product you're looking for doesn't exist or has been removed.",
  },
  category: {
    title: "Category Not Found",
    message: "The category you're looking for doesn't exist or has been removed.",
  },
} as const;

export function AmpNotFoundView({ kind }: { kind: keyof typeof AMP_NOT_FOUND }) {
  const text = AMP_NOT_FOUND[kind];
  return (
    <section className="notfound">
      <h1>{text.title}</h1>
      <p>{text.message}</p>
      <a className="btn btn-primary" href="/">Return to Home</a>
    </section>
  );
}
