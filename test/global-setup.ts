/** Runs in Node before the workerd tests: the loopback OpenAI-compatible model they call. */
import type { TestProject } from "vitest/node";
import { startLoopbackModel } from "../cli/lib/loopback-model";

export default async function setup(project: TestProject) {
  const model = await startLoopbackModel({ expectedKey: process.env.NEEDLEWORK_TEST_PROVIDER_KEY });
  project.provide("modelServer", model.url);
  return () => model.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    modelServer: string;
  }
}
