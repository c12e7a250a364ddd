"use client";
import { useCallback, useEffect, useState } from "react";
import { proxy } from "@/lib/web/client";
import { errorText } from "@/lib/web/format";

export type Loadable<T> =
  | { state: "loading" }
  | { state: "error"; status: number; message: string }
  | { state: "ready"; data: T };

/** GETs a proxy path (null: wait) and re-fetches when it changes. */
export function useProxy<T>(path: string | null): Loadable<T> & { reload: () => void } {
  const [result, setResult] = useState<Loadable<T>>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (path === null) return;
    let current = true;
    setResult({ state: "loading" });
    void proxy<T>(path).then((response) => {
      if (!current) return;
      setResult(response.ok ? { state: "ready", data: response.data } : { state: "error", status: response.status, message: errorText(response.data) });
    });
    return () => {
      current = false;
    };
  }, [path, attempt]);

  return { ...result, reload };
}
