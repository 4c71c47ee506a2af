export function Footer() {
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground">© 2025 Unsheet</div>
    </footer>
  );
}
