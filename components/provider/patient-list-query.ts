// The provider list's first request: the server renders it for the first paint and the table
// (a client component) recognises it, so it is not fetched twice.
import type { z } from "zod";
import type { patientListResponse, patientRow } from "@/lib/patients/schemas";
import { query } from "@/lib/web/client";

export const PAGE = 20;
export const FIRST_PAGE_PATH = `/patients${query({ sort: "attention", limit: PAGE, offset: 0 })}`;

export type PatientRow = z.output<typeof patientRow>;
export type PatientPage = z.output<typeof patientListResponse>;
