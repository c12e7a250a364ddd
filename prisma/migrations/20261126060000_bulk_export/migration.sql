-- FHIR Bulk Data export (lib/fhir/bulk): the export jobs' state and their NDJSON files, in the
-- database every instance reads, so that any instance answers a poll or a download. The job
-- queue itself is pg-boss's (schema pgboss, created by pg-boss at start).
CREATE TABLE "bulk_exports" (
    "id" UUID NOT NULL,
    "requester_sub" TEXT NOT NULL,
    "caller" JSONB NOT NULL,
    "level" TEXT NOT NULL,
    "group_id" INTEGER,
    "types" TEXT[] NOT NULL,
    "since" TIMESTAMPTZ(3),
    "request_url" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "written" INTEGER NOT NULL DEFAULT 0,
    "transaction_time" TIMESTAMPTZ(3) NOT NULL,
    "heartbeat_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "bulk_exports_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "bulk_export_files" (
    "export_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "resource_type" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "bulk_export_files_pkey" PRIMARY KEY ("export_id","seq")
);

CREATE TABLE "bulk_export_chunks" (
    "export_id" UUID NOT NULL,
    "file_seq" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "bulk_export_chunks_pkey" PRIMARY KEY ("export_id","file_seq","seq")
);

CREATE INDEX "bulk_exports_requester_sub_status_idx" ON "bulk_exports"("requester_sub", "status");
CREATE INDEX "bulk_exports_status_idx" ON "bulk_exports"("status");
CREATE INDEX "bulk_exports_expires_at_idx" ON "bulk_exports"("expires_at");

ALTER TABLE "bulk_export_files" ADD CONSTRAINT "bulk_export_files_export_id_fkey" FOREIGN KEY ("export_id") REFERENCES "bulk_exports"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "bulk_export_chunks" ADD CONSTRAINT "bulk_export_chunks_export_id_file_seq_fkey" FOREIGN KEY ("export_id", "file_seq") REFERENCES "bulk_export_files"("export_id", "seq") ON DELETE CASCADE ON UPDATE CASCADE;
