/**
 * Renders its children once its box comes near the viewport: for below-the-fold parts whose code is loaded
 * lazily (React.lazy), so they cost nothing on first load. The server and the first client render show the
 * same empty box, reserved at `minHeight` so nothing jumps when the content arrives.
 */
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../lib/utils';

interface WhenVisibleProps {
  children: ReactNode;
  /** Reserved height (CSS length) until the content is in. */
  minHeight: string;
  className?: string;
  /** Accessible name of the placeholder while it loads. */
  label?: string;
}

export function WhenVisible({ children, minHeight, className, label = 'Loading…' }: WhenVisibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    if (!('IntersectionObserver' in window)) return setVisible(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      // Start loading a little before the box scrolls in.
      { rootMargin: '300px 0px' },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const placeholder = <div role="status" aria-label={label} style={{ minHeight }} className="rounded-xl bg-muted/40" />;
  return (
    <div ref={ref} className={cn(className)}>
      {visible ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
