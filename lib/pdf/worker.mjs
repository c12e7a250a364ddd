// One worker thread of the PDF pool (lib/pdf/pool.ts) when the service runs from source
// (`npm run dev`): the worker registers tsx itself (a worker's loaders are its own), then runs
// worker-task.ts. Plain JavaScript, so that it loads before tsx is there. The compiled server
// runs its compiled worker-task.mjs instead.
import { register } from "tsx/esm/api";

register();
const { default: renderTask } = await import("./worker-task.ts");

export default renderTask;
