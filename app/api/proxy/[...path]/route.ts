// Same-origin proxy for browser code: see lib/web/proxy.ts.
import { forward } from "@/lib/web/proxy";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ path: string[] }> };

async function proxy(request: Request, context: Context): Promise<Response> {
  return forward(request, (await context.params).path);
}

export { proxy as GET, proxy as POST, proxy as PUT, proxy as PATCH, proxy as DELETE };
