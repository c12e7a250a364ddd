import { handle, Reply } from "@/lib/http/route";
import { addMemberEndpoint, listMembersEndpoint } from "@/lib/clinics/schemas";
import { addMember, listMembers } from "@/lib/clinics/service";

export const POST = handle(addMemberEndpoint, async ({ user, params, body }) => new Reply(201, await addMember(user, params.id, body)));
export const GET = handle(listMembersEndpoint, async ({ user, params }) => listMembers(user, params.id));
