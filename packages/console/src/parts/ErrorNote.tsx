/** What went wrong (the API's words, or the form's), beside what caused it, announced as it appears. */
export function ErrorNote({ error }: { error: { message: string } | null }) {
  return error ? (
    <p className="error" role="alert">
      {error.message}
    </p>
  ) : null;
}
