// A page's HTTP status other than 200 or 404 (App Router pages cannot set one): the custom
// server runs Next's handler inside a store, a server component writes the status it wants
// into it, and the status replaces the 200 when the headers go out. The store lives on
// globalThis because server.ts and Next's page bundles load separate copies of this module.
import { AsyncLocalStorage } from "node:async_hooks";
import type { ServerResponse } from "node:http";

interface PageStatus {
  status?: number;
  headers?: Record<string, string>;
}

const KEY = Symbol.for("hand-assessment.page-status");
const store: AsyncLocalStorage<PageStatus> = ((globalThis as Record<symbol, unknown>)[KEY] ??=
  new AsyncLocalStorage<PageStatus>()) as AsyncLocalStorage<PageStatus>;

/** From a server component: answer with `status` (and `headers`) instead of 200. */
export function setPageStatus(status: number, headers: Record<string, string> = {}): void {
  const current = store.getStore();
  if (current) Object.assign(current, { status, headers });
}

/** From the custom server: runs `handle` so that a page's setPageStatus applies to `res`. */
export function withPageStatus(res: ServerResponse, handle: () => void): void {
  const wanted: PageStatus = {};
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (status === 200 && wanted.status) {
      for (const [name, value] of Object.entries(wanted.headers ?? {})) this.setHeader(name, value);
      this.statusCode = wanted.status;
      return (writeHead as (...args: unknown[]) => ServerResponse).call(this, wanted.status, ...rest);
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse["writeHead"];
  store.run(wanted, handle);
}
