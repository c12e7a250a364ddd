"use client";
// After the code box opens a result or a report in the page, focus goes to the new page's
// heading, so that a screen reader starts reading there and a keyboard continues from there.
// A full page load leaves focus where the browser puts it.
import { useEffect } from "react";

let openedByCodeBox = false;

/** Called by the code box just before it navigates. */
export function markOpenedByCodeBox(): void {
  openedByCodeBox = true;
}

export function ArrivalFocus() {
  useEffect(() => {
    if (!openedByCodeBox) return;
    openedByCodeBox = false;
    const heading = document.querySelector<HTMLHeadingElement>("main h1");
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, []);
  return null;
}
