/** `--sizes`, `--comment-modes`, `--depths` and `--needle-offsets`, shared by `dataset build` and `import`. */
import {
  COMMENT_MODES,
  CONTEXT_SIZE,
  NEEDLE_OFFSETS,
  gridDepths,
  type CommentMode,
  type NeedleOffsets,
} from "../dataset/context";
import type { ContextConfig } from "../store/contexts";

export const CONTEXT_OPTIONS = {
  sizes: { type: "string" },
  "comment-modes": { type: "string" },
  depths: { type: "string" },
  "needle-offsets": { type: "string" },
  "no-contexts": { type: "boolean", default: false },
} as const;

export const CONTEXT_USAGE =
  "[--sizes 16384,32768] [--comment-modes original,no_padding,positional_padding] [--depths reference|grid11|0,0.5,1] [--needle-offsets reference|characters] [--no-contexts]";

/**
 * The context configuration the flags ask for; `undefined` leaves the instance's default
 * (16384 tokens, comments kept, the reference's depths), `null` builds none.
 */
export function contextConfigFromFlags(values: {
  sizes?: string;
  "comment-modes"?: string;
  depths?: string;
  "needle-offsets"?: string;
  "no-contexts"?: boolean;
}): ContextConfig | null | undefined {
  if (values["no-contexts"]) return null;
  if (!values.sizes && !values["comment-modes"] && !values.depths && !values["needle-offsets"]) return undefined;
  const sizes = (values.sizes ?? String(CONTEXT_SIZE.default)).split(",").map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < CONTEXT_SIZE.min || n > CONTEXT_SIZE.max)) {
    throw new Error(`--sizes takes integers from ${CONTEXT_SIZE.min} to ${CONTEXT_SIZE.max}, got "${values.sizes}"`);
  }
  const modes = (values["comment-modes"] ?? "original").split(",") as CommentMode[];
  if (modes.some((m) => !COMMENT_MODES.includes(m)))
    throw new Error(`--comment-modes takes ${COMMENT_MODES.join(", ")}, got "${values["comment-modes"]}"`);
  let depths: ContextConfig["depths"] = "reference";
  const d = values.depths ?? "reference";
  if (/^grid\d+$/.test(d)) depths = gridDepths(Number(d.slice(4)));
  else if (d !== "reference") {
    depths = d.split(",").map(Number);
    if (depths.some((x) => !(x >= 0 && x <= 1)))
      throw new Error(`--depths takes reference, gridN or numbers in [0, 1], got "${d}"`);
  }
  const offsets = values["needle-offsets"] as NeedleOffsets | undefined;
  if (offsets !== undefined && !NEEDLE_OFFSETS.includes(offsets)) {
    throw new Error(`--needle-offsets takes ${NEEDLE_OFFSETS.join(" or ")}, got "${offsets}"`);
  }
  return { sizes, comment_modes: modes, depths, ...(offsets && { needle_offsets: offsets }) };
}
