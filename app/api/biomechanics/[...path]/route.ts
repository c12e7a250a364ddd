import { biomechanicsRoute } from "@/lib/biomechanics/proxy";

export const POST = biomechanicsRoute;
