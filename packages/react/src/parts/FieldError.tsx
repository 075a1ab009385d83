/** The message under a field, which the field names in aria-describedby (so it is read with it). */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="vst-field-error" id={id}>
      {message}
    </p>
  );
}
