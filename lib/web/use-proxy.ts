"use client";
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";

export type Loadable<T> =
  { state: "loading" } | { state: "error"; status: number; message: string } | { state: "ready"; data: T; refreshing: boolean };

/**
 * GETs a proxy path (null: wait) and re-fetches when it changes. While a new path loads, the
 * previous answer stays on screen (`refreshing`), so filters do not collapse a table.
 * `initial` is the server-rendered answer for the first path.
 */
export function useProxy<T>(path: string | null, initial?: { path: string; data: T }): Loadable<T> & { reload: () => void } {
  const [result, setResult] = useState<Loadable<T>>(() =>
    initial && initial.path === path ? { state: "ready", data: initial.data, refreshing: false } : { state: "loading" },
  );
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // The server-rendered answer stands for the first fetch only.
  const served = useRef(Boolean(initial && initial.path === path));

  useEffect(() => {
    if (path === null) return;
    if (served.current) {
      served.current = false;
      return;
    }
    let current = true;
    setResult((previous) => (previous.state === "ready" ? { ...previous, refreshing: true } : { state: "loading" }));
    void proxy<T>(path).then((response) => {
      if (!current) return;
      // A transition: React renders the answer in slices and yields between them, so a page whose
      // panels answer together (the dashboard, on a phone) does not block input while they draw.
      startTransition(() =>
        setResult(
          response.ok
            ? { state: "ready", data: response.data, refreshing: false }
            : { state: "error", status: response.status, message: errorText(response.data) },
        ),
      );
    });
    return () => {
      current = false;
    };
  }, [path, attempt]);

  return { ...result, reload };
}
