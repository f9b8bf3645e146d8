/** The controls of the pages' filter forms: labelled selects and the hidden fields a form carries along. */
import type { Child } from "hono/jsx";
import { LEADERBOARD_KINDS, type BoardDataset } from "../leaderboard/types";
import { THRESHOLDS, thresholdKey } from "./format";

/**
 * One labelled `<select>` of a filter form; `text` names an option (default: its value). A `wide`
 * one (long option texts, such as dataset ids) takes a row of its own on a phone, so its text is
 * never clipped.
 */
export function FilterSelect(props: {
  label: string;
  name: string;
  values: readonly string[];
  selected: string | undefined;
  text?: (value: string) => string;
  wide?: boolean;
}) {
  return (
    <label class={props.wide ? "wide" : undefined}>
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
export const ThresholdSelect = (props: { threshold: number }) => (
  <FilterSelect label="Threshold" name="threshold" values={THRESHOLDS} selected={thresholdKey(props.threshold)} />
);

/**
 * A board's dataset picker (the API's `dataset`): the datasets with entries of the benchmark, each
 * with how many, and the shown one even when it has none yet (a loaded dataset the board defaults
 * to). Nothing when there is no dataset at all.
 */
export function DatasetSelect(props: { current: string; datasets?: readonly BoardDataset[] }) {
  const list = [...(props.datasets ?? [])];
  if (props.current && !list.some((d) => d.dataset === props.current))
    list.push({ dataset: props.current, entries: 0, loaded: true });
  if (list.length === 0) return null;
  const text = (id: string) => {
    const d = list.find((x) => x.dataset === id)!;
    const entries = d.entries === 0 ? "no results yet" : d.entries === 1 ? "1 model" : `${d.entries} models`;
    return `${id} (${entries}${d.loaded ? "" : ", not loaded"})`;
  };
  return (
    <FilterSelect
      label="Dataset"
      name="dataset"
      values={list.map((d) => d.dataset).sort()}
      selected={props.current}
      text={text}
      wide
    />
  );
}

/** The kind selector: all, verified or reported. */
export const KindSelect = (props: { kind: string }) => (
  <FilterSelect label="Kind" name="kind" values={["all", ...LEADERBOARD_KINDS]} selected={props.kind} />
);

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
