import { handle } from "@/lib/http/route";
import { myProfile, updateMyProfile } from "@/lib/patients/profile";
import { myProfileEndpoint, updateMyProfileEndpoint } from "@/lib/patients/schemas";

export const GET = handle(myProfileEndpoint, async ({ user }) => myProfile(user));
export const PATCH = handle(updateMyProfileEndpoint, async ({ user, body }) => updateMyProfile(user, body));
