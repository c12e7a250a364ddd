// npm run build: both builds anew, the pages (next build) and the compiled server (scripts/lib/build.mjs).
import { ensureBuild } from "./lib/build.mjs";

ensureBuild({ all: true });
