/** RepoQA, Searching Needle Function (docs/repoqa.md). */
import type { Family } from "../types";
import { repoqaBenchmark } from "./benchmark";
import { repoqaWarmUp } from "./warmup";
import { repoqaRoutes } from "./routes/index";

export const repoqaFamily: Family = {
  id: "repoqa",
  title: "RepoQA",
  benchmarks: [repoqaBenchmark],
  warmUp: repoqaWarmUp,
  routes: repoqaRoutes,
};
