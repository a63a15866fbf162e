/** The file picker of the image upload forms: JPEG, PNG and WebP only, the shop's look for the button. */
export function ImageFileInput({ id, multiple = false, disabled = false }: {
  id: string;
  multiple?: boolean;
  disabled?: boolean;
}) {
  return (
    <input
      id={id}
      type="file"
      name="file"
      accept="image/jpeg,image/png,image/webp"
      multiple={multiple}
      required
      disabled={disabled}
      className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-stone-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold"
    />
  );
}
