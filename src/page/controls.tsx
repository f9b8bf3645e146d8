/** The controls of the pages' filter forms: labelled selects and the hidden fields a form carries along. */
import type { Child } from "hono/jsx";
import { LEADERBOARD_KINDS } from "../leaderboard/types";
import { THRESHOLDS, thresholdKey } from "./format";

/** One labelled `<select>` of a filter form; `text` names an option (default: its value). */
export function FilterSelect(props: { label: string; name: string; values: readonly string[]; selected: string | undefined; text?: (value: string) => string }) {
  return (
    <label>
      {props.label}
      <select name={props.name}>
        {props.values.map((v) => (
          <option value={v} selected={v === props.selected}>
            {props.text ? props.text(v) : v}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The similarity-threshold selector (0.0 ... 1.0). */
export const ThresholdSelect = (props: { threshold: number }) => <FilterSelect label="Threshold" name="threshold" values={THRESHOLDS} selected={thresholdKey(props.threshold)} />;

/** The kind selector: all, verified or reported. */
export const KindSelect = (props: { kind: string }) => <FilterSelect label="Kind" name="kind" values={["all", ...LEADERBOARD_KINDS]} selected={props.kind} />;

/** What a filter form does not show, carried along so "Apply" changes only what was chosen. */
export function HiddenFields(props: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(props.fields).map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** A filter form (GET `action`): its controls, the fields it carries along, then "Apply". */
export function FilterForm(props: { action: string; hidden: Record<string, string>; children?: Child }) {
  return (
    <form class="filters" method="get" action={props.action}>
      {props.children}
      <HiddenFields fields={props.hidden} />
      <button type="submit">Apply</button>
    </form>
  );
}
