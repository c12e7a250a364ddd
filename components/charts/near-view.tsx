"use client";
import { useEffect, useRef, useState, type ReactNode } from "react";

/** How far outside the viewport a chart starts to draw, so that it is there when scrolled to. */
const AHEAD = "300px 0px";

/**
 * Renders its children once its box comes near the viewport. A chart below the fold of a phone
 * then costs nothing while the page starts (recharts' drawing is one long task on a slow phone);
 * the figures it draws stay in the page as a table, so nothing is hidden from a screen reader.
 */
export function NearView({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: AHEAD,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={box} data-near-view className="h-full w-full">
      {near ? children : null}
    </div>
  );
}
