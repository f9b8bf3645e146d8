/**
 * A LongCodeU task grid as a chart: each task's mean score by context-length bucket, one line per
 * task, and the average over tasks (the paper's #Avg) in bold: where performance falls as the
 * context grows (the paper: sharply past 32K). Drawn by the pages' LineChart on its fixed 0–100 %
 * axis; the grid beside it has the numbers.
 */
import { seriesStyle } from "../../../kit/pages/svg";
import { LegendItem, LineChart, type LineSeries } from "../../../kit/pages/svg-line";
import { BUCKET_KEYS, LONGCODEU_TASKS, TASK_METRICS, type LongCodeUMetric } from "../leaderboard";
import type { LongCodeUTask } from "../dataset/index";
import { score } from "./board";
import type { TaskGrid } from "./grids";

/** The tasks a grid has, in the paper's order. */
const tasksOf = (l: TaskGrid): LongCodeUTask[] => LONGCODEU_TASKS.filter((t) => l.tasks[t]);

/** A task's (or the average's) line style: tasks cycle through the series colours, the average is bold black. */
const styleOf = (name: string, tasks: string[]) => seriesStyle(name === "Avg" ? "all" : name, tasks);

export function LengthChart(props: { id: string; l: TaskGrid; metric: LongCodeUMetric }) {
  const { l, metric } = props;
  const tasks = tasksOf(l);
  const point = (i: number, value: number | null | undefined, what: string) => ({
    x: i,
    value: value ?? null,
    title: `${what}, ${BUCKET_KEYS[i]} tokens: ${score(value)} %`,
  });
  const series: LineSeries[] = tasks.map((t) => ({
    key: t,
    style: styleOf(t, tasks),
    points: BUCKET_KEYS.map((b, i) => {
      const c = l.tasks[t]?.buckets[b];
      return point(i, c && c.n > 0 ? c[metric] : null, `${t} (${TASK_METRICS[t][metric]})`);
    }),
  }));
  // The average last, drawn on top.
  series.push({
    key: "Avg",
    style: styleOf("Avg", tasks),
    points: BUCKET_KEYS.map((b, i) => point(i, l.average.buckets[b]?.[metric], "Avg")),
  });
  return (
    <figure>
      <LineChart
        id={props.id}
        title={`Mean ${metric} (%) by context length, one line per task, and their average`}
        x={{
          domain: [0, BUCKET_KEYS.length - 1],
          ticks: BUCKET_KEYS.map((b, i) => ({ at: i, label: b })),
          label: "context length (CodeLlama tokens)",
        }}
        series={series}
      />
      <figcaption>
        <ul class="legend">
          {series.map((s) => (
            <LegendItem
              style={s.style}
              text={
                s.key === "Avg"
                  ? "Avg (mean of the task means)"
                  : `${s.key} (${TASK_METRICS[s.key as LongCodeUTask][metric]})`
              }
            />
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
