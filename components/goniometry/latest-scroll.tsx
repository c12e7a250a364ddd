"use client";
// A table region that scrolls sideways opens at its right end: the latest dates, the ones a
// reader looks for first; the joint column stays put (sticky) while the dates scroll. It is
// positioned so the cells' absolutely placed screen-reader words scroll with it instead of
// widening the page.
import { useEffect, useRef, type ReactNode } from "react";

export function LatestScroll({ label, children }: { label: string; children: ReactNode }) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = region.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, []);
  return (
    <div
      ref={region}
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative min-w-0 overflow-x-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-teal-700"
    >
      {children}
    </div>
  );
}
