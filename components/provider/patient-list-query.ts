// The provider list's requests: the server renders the first page for the first paint and the
// table (a client component) recognises it, so it is not fetched twice.
import type { z } from "zod";
import type { patientListResponse, patientRow } from "@/lib/patients/schemas";
import { query } from "@/lib/web/client";

export const PAGE = 20;

export interface ListFilters {
  clinicId: number | null;
  search?: string;
  trend?: string;
  attention?: string;
  sort: string;
  offset: number;
}

export const listPath = ({ clinicId, search, trend, attention, sort, offset }: ListFilters) =>
  `/patients${query({ clinicId, search, trend, attention, sort, limit: PAGE, offset })}`;

export const firstPagePath = (clinicId: number | null) => listPath({ clinicId, sort: "attention", offset: 0 });

export type PatientRow = z.output<typeof patientRow>;
export type PatientPage = z.output<typeof patientListResponse>;
