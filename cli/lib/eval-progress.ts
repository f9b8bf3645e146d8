/** `npm run eval`'s live progress line, on a terminal or in a log. */
import type { RunProgress } from "../../packages/client/src/index";

/** Milliseconds the run has been going (until it finished). */
export function elapsedMs(p: Pick<RunProgress, "started_at" | "finished_at">): number {
  const start = Date.parse(p.started_at);
  if (!Number.isFinite(start) || start <= 0) return 0;
  return Math.max(0, (p.finished_at ? Date.parse(p.finished_at) : Date.now()) - start);
}

/**
 * The progress line: on a terminal one line rewritten in place (at most ten times a second),
 * otherwise (a log file, CI) a new line at most every five seconds and for the final state.
 */
export class ProgressView<P> {
  private latest?: P;
  private lastDraw = 0;
  private lastText = "";
  private timer?: NodeJS.Timeout;
  private onLine = false;
  private readonly interval: number;

  constructor(
    private readonly stream: NodeJS.WriteStream,
    /** The progress as a line with a bar `width` characters wide. */
    private readonly line: (p: P, width: number) => string,
  ) {
    this.interval = stream.isTTY ? 100 : 5000;
  }

  update(p: P, final = false) {
    this.latest = p;
    const wait = this.interval - (Date.now() - this.lastDraw);
    if (final || wait <= 0) return this.draw();
    if (this.stream.isTTY && !this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.draw();
      }, wait);
    }
  }

  private draw() {
    if (!this.latest) return;
    this.lastDraw = Date.now();
    if (this.stream.isTTY) {
      const columns = this.stream.columns || 100;
      let line = this.line(this.latest, 20);
      if (line.length >= columns) line = this.line(this.latest, Math.max(5, 20 - (line.length - columns + 1)));
      this.stream.write(`\r${line.slice(0, columns - 1)}\x1b[K`);
      this.onLine = true;
    } else {
      const line = this.line(this.latest, 20);
      if (line !== this.lastText) this.stream.write(`${line}\n`);
      this.lastText = line;
    }
  }

  /** Ends the line on a terminal so that what follows starts on a fresh one. */
  end() {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.onLine) this.stream.write("\n");
    this.onLine = false;
  }
}
