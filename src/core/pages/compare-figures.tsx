/**
 * The numbers of the comparison pages: each figure of an answer of `GET /v1/compare` as a `<data>`
 * element (its exact JSON value and its path in the answer), and how they read rounded.
 */

/** One number of the answer: `value` exact (the JSON's), the text rounded by `text`. */
export function Figure(props: { field: string; value: number | null; text?: (x: number) => string }) {
  if (props.value === null) return <span class="muted">–</span>;
  return (
    <data value={String(props.value)} data-field={props.field}>
      {(props.text ?? String)(props.value)}
    </data>
  );
}

/** A p-value with three significant digits (scientific below 0.001). */
export const pValue = (p: number) => (p === 1 ? "1" : p < 0.001 ? p.toExponential(2) : p.toPrecision(3));
/** A rate in percent with one decimal. */
export const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
/** A difference of rates in percentage points, signed. */
export const points = (x: number) => `${x > 0 ? "+" : x < 0 ? "−" : "±"}${Math.abs(x * 100).toFixed(1)} pp`;
/** A grade (0 … 1) with four decimals. */
export const grade = (x: number) => x.toFixed(4);
/** A difference of grades, signed. */
export const signedGrade = (x: number) => `${x > 0 ? "+" : x < 0 ? "−" : "±"}${Math.abs(x).toFixed(4)}`;
