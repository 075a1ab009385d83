export function Divider({ label }: { label: string }) {
  return (
    <div className="vst-divider">
      <span>{label}</span>
    </div>
  );
}
