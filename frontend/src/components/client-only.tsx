import { useEffect, useState, type ReactNode } from 'react';

/** Renders its children only in the browser, after hydration: for parts with no server-side meaning. */
export function ClientOnly({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? children : null;
}
