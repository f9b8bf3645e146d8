/** What `--born-after` kept of the code answers may use, over every repository: for the refusal's message. */
export interface FreshCount {
  candidates: number;
  dated: number;
  fresh: number;
}

export class FreshCounts {
  readonly units: FreshCount = { candidates: 0, dated: 0, fresh: 0 };
  readonly sections: FreshCount = { candidates: 0, dated: 0, fresh: 0 };

  add(more: { units: FreshCount; sections: FreshCount }): void {
    for (const kind of ["units", "sections"] as const)
      for (const k of ["candidates", "dated", "fresh"] as const) this[kind][k] += more[kind][k];
  }

  describe(): string {
    const one = (c: FreshCount, what: string) =>
      `${c.fresh} of ${c.candidates} candidate ${what} born after it ` +
      `(${c.dated} dated, ${c.candidates - c.dated} undated)`;
    return `${one(this.units, "units")}; ${one(this.sections, "documentation sections")}`;
  }
}
