"use client";
// Panels that a phone shows below its first screen: rendered after the page is interactive, one
// per idle moment, in page order. Hydrating and drawing a dozen panels at once held a phone's
// main thread in long tasks (issue 40: the dashboard's blocking time halved without them); one
// at a time, each is a short task and a tap in between is answered at once.
import { useEffect, useState, type ReactNode } from "react";

const waiting: Array<() => void> = [];
let scheduled = false;

/** Browsers without requestIdleCallback (Safari) take the next task instead. */
function whenIdle(run: () => void) {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 0);
}

function showNext() {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  whenIdle(showNext);
}

/**
 * `children` once its turn comes; until then an empty block about a loading panel's height that
 * says it is loading (aria-busy), so tests and assistive technology wait for it as for any panel.
 */
export function Deferred({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let mounted = true;
    waiting.push(() => {
      if (mounted) setShown(true);
    });
    schedule();
    return () => {
      mounted = false;
    };
  }, []);
  return shown ? children : <div aria-busy="true" className="min-h-32" />;
}
