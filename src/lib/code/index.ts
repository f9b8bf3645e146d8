/**
 * Code understanding inside the Worker: tree-sitter with the workerd loader installed.
 * Modules that also run in Node (the dataset builder) import ./functions and ./parser directly,
 * because this file pulls in the wasm imports only workerd understands.
 */
import { setGrammarLoader } from "./parser";
import { workerdGrammarLoader } from "./wasm-workerd";

setGrammarLoader(workerdGrammarLoader);

export {
  extractFunctions,
  removeComments,
  firstFunctionText,
  removeCommentsSync,
  extractFunctionsSync,
} from "./functions";
export type { ExtractedFunction } from "./functions";
export { loadLanguage } from "./parser";
export type { LoadedLanguage } from "./parser";
export { LANGUAGES, LANGUAGE_SPECS, isLanguage } from "./languages";
export type { Language } from "./languages";
