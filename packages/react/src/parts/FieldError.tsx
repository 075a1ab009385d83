/**
 * The message under a field: announced when it appears (role=alert), and named by the field's
 * aria-describedby so it is read again with the field.
 */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="vst-field-error" id={id} role="alert">
      {message}
    </p>
  );
}
