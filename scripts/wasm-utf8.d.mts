/** Types of scripts/wasm-utf8.mjs (plain JavaScript: install-wasm runs it on the system Node before anything is built). */
export declare const UTF8_SECTION: string;
export declare const SHIPPED_MEMORY_PAGES: number;
export declare const INITIAL_MEMORY_PAGES: number;
export declare const EXPECTED_PATCHES: {
  encoding: number;
  code_unit_to_byte: number;
  byte_to_code_unit: number;
  edit_points: number;
};
export declare function patchUtf8Runtime(
  wasm: Uint8Array,
  sourceMapText: string,
  bindingSource: string,
  meta?: Record<string, unknown>,
): { bytes: Uint8Array; counts: typeof EXPECTED_PATCHES; offsets: number[]; memoryMinimum: number };
