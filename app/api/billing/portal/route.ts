import { handle } from "@/lib/http/route";
import { portalEndpoint } from "@/lib/billing/schemas";
import { openPortal } from "@/lib/billing/service";

export const POST = handle(portalEndpoint, async ({ user }) => openPortal(user));
