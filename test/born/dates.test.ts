/**
 * Days, timestamps, training cutoffs and `--born-after` (src/lib/born/dates.ts): strict parsing,
 * the first day a cutoff leaves unseen, and the comparisons that decide which units a model is
 * scored on.
 */
import { describe, expect, it } from "vitest";
import {
  isBornAfter,
  isBornAfterCutoff,
  isDay,
  nextDay,
  parseBornAfter,
  parseCutoff,
  parseDay,
  timestampEpoch,
  utcDay,
} from "../../src/lib/born/dates";

describe("days", () => {
  it("accepts real calendar days only", () => {
    for (const day of ["2024-02-29", "2000-02-29", "2023-12-31", "1970-01-01", "2024-06-30"])
      expect(isDay(day), day).toBe(true);
    for (const day of [
      "2023-02-29",
      "1900-02-29",
      "2024-02-30",
      "2024-04-31",
      "2024-13-01",
      "2024-00-10",
      "2024-06-00",
      "0000-01-01",
    ]) {
      expect(isDay(day), day).toBe(false);
    }
    for (const day of [
      "2024-6-1",
      "2024-06-1",
      "24-06-01",
      "2024/06/01",
      " 2024-06-01",
      "2024-06-01 ",
      "2024-06-01T00:00:00Z",
      "",
    ]) {
      expect(isDay(day), day).toBe(false);
    }
  });

  it("says what is wrong with a day", () => {
    expect(() => parseDay("2024-02-30")).toThrow('invalid day "2024-02-30": day 30 is not 01-29 in 2024-02');
    expect(() => parseDay("2023-02-29", "born day")).toThrow(
      'invalid born day "2023-02-29": day 29 is not 01-28 in 2023-02',
    );
    expect(() => parseDay("2024-13-01")).toThrow("month 13 is not 01-12");
    expect(() => parseDay("2024-6-01")).toThrow("expected YYYY-MM-DD");
  });

  it("steps to the next day across month, year and leap-day ends", () => {
    expect(nextDay("2024-02-28")).toBe("2024-02-29");
    expect(nextDay("2024-02-29")).toBe("2024-03-01");
    expect(nextDay("2023-02-28")).toBe("2023-03-01");
    expect(nextDay("2023-12-31")).toBe("2024-01-01");
    expect(nextDay("2024-04-30")).toBe("2024-05-01");
    expect(() => nextDay("2024-02-30")).toThrow("invalid day");
  });
});

describe("timestamps", () => {
  it("give the UTC day, whatever the zone they were written in", () => {
    expect(utcDay("2024-06-15T12:00:00Z")).toBe("2024-06-15");
    expect(utcDay("2024-06-15T12:00:00.123Z")).toBe("2024-06-15");
    expect(utcDay("2023-01-01T00:00:00.123456Z")).toBe("2023-01-01");
    expect(utcDay("2024-03-01T01:00:00+02:00")).toBe("2024-02-29");
    expect(utcDay("2024-12-31T20:00:00-05:00")).toBe("2025-01-01");
    expect(utcDay("2024-06-15T23:59:59+14:00")).toBe("2024-06-15");
    expect(utcDay("2024-06-15T00:30+00:45")).toBe("2024-06-14");
  });

  it("order by their instant, not their text", () => {
    expect(timestampEpoch("2024-06-15T12:00:00+02:00")).toBe(Date.UTC(2024, 5, 15, 10));
    expect(timestampEpoch("2024-06-15T12:00:00.5Z")).toBe(Date.UTC(2024, 5, 15, 12, 0, 0, 500));
    expect(timestampEpoch("2024-06-15T09:00:00-03:00")).toBeGreaterThan(timestampEpoch("2024-06-15T13:00:00+02:00"));
  });

  it("are refused without a zone, with impossible fields, or in any looser form", () => {
    const bad = [
      "2024-06-15T12:00:00",
      "2024-06-15",
      "2024-06-15 12:00:00Z",
      "2024-02-30T00:00:00Z",
      "2024-06-15T24:00:00Z",
      "2024-06-15T12:60:00Z",
      "2024-06-15T12:00:60Z",
      "2024-06-15T12:00:00+24:00",
      "2024-06-15T12:00:00+0200",
      "June 15, 2024",
      "1718452800",
      "",
    ];
    for (const text of bad) expect(() => utcDay(text), text).toThrow(/invalid timestamp/);
    expect(() => utcDay("2024-02-30T00:00:00Z")).toThrow("day 30 is not 01-29 in 2024-02");
    expect(() => utcDay("2024-06-15T12:00:00")).toThrow("with a zone");
  });
});

describe("cutoffs", () => {
  it("keep their precision and give the first day after the whole stated period", () => {
    expect(parseCutoff("2024")).toEqual({ value: "2024", precision: "year", firstUnseenDay: "2025-01-01" });
    expect(parseCutoff("2024-06")).toEqual({ value: "2024-06", precision: "month", firstUnseenDay: "2024-07-01" });
    expect(parseCutoff("2024-12")).toEqual({ value: "2024-12", precision: "month", firstUnseenDay: "2025-01-01" });
    expect(parseCutoff("2024-02")).toEqual({ value: "2024-02", precision: "month", firstUnseenDay: "2024-03-01" });
    expect(parseCutoff("2024-06-15")).toEqual({ value: "2024-06-15", precision: "day", firstUnseenDay: "2024-06-16" });
    expect(parseCutoff("2024-02-29")).toEqual({ value: "2024-02-29", precision: "day", firstUnseenDay: "2024-03-01" });
    expect(parseCutoff("2023-12-31").firstUnseenDay).toBe("2024-01-01");
  });

  it("are refused in any other form, with a message naming the value and the problem", () => {
    expect(() => parseCutoff("2024-13")).toThrow('invalid cutoff "2024-13": month 13 is not 01-12');
    expect(() => parseCutoff("2024-00")).toThrow("month 00 is not 01-12");
    expect(() => parseCutoff("2024-02-30")).toThrow('invalid cutoff "2024-02-30": day 30 is not 01-29 in 2024-02');
    expect(() => parseCutoff("2023-02-29")).toThrow("day 29 is not 01-28");
    expect(() => parseCutoff("2024-06-31")).toThrow("day 31 is not 01-30");
    expect(() => parseCutoff("1969")).toThrow("year 1969 is not 1970-9998");
    expect(() => parseCutoff("9999-12")).toThrow("year 9999 is not 1970-9998");
    for (const text of [
      "24",
      "2024-6",
      "2024-06-1",
      "2024/06",
      "June 2024",
      " 2024",
      "2024-06 ",
      "2024-06-15T00:00:00Z",
      "",
    ]) {
      expect(() => parseCutoff(text), text).toThrow("expected YYYY, YYYY-MM or YYYY-MM-DD");
    }
  });

  it("count a unit as unseen only when born on or after the first unseen day", () => {
    const month = parseCutoff("2024-06");
    expect(isBornAfterCutoff("2024-06-30", month)).toBe(false);
    expect(isBornAfterCutoff("2024-07-01", month)).toBe(true);
    expect(isBornAfterCutoff("2023-12-31", month)).toBe(false);
    const year = parseCutoff("2024");
    expect(isBornAfterCutoff("2024-12-31", year)).toBe(false);
    expect(isBornAfterCutoff("2025-01-01", year)).toBe(true);
    const day = parseCutoff("2024-06-15");
    expect(isBornAfterCutoff("2024-06-15", day)).toBe(false);
    expect(isBornAfterCutoff("2024-06-16", day)).toBe(true);
    expect(() => isBornAfterCutoff("2024-06-31", day)).toThrow('invalid born day "2024-06-31"');
  });
});

describe("--born-after", () => {
  it("means strictly after the day given", () => {
    const filter = parseBornAfter("2024-06-15");
    expect(filter).toEqual({ after: "2024-06-15", firstDay: "2024-06-16" });
    expect(isBornAfter("2024-06-14", filter)).toBe(false);
    expect(isBornAfter("2024-06-15", filter)).toBe(false);
    expect(isBornAfter("2024-06-16", filter)).toBe(true);
    expect(isBornAfter("2025-01-01", filter)).toBe(true);
    expect(parseBornAfter("2024-12-31").firstDay).toBe("2025-01-01");
  });

  it("takes a full calendar day only", () => {
    expect(() => parseBornAfter("2024-06")).toThrow('invalid --born-after day "2024-06": expected YYYY-MM-DD');
    expect(() => parseBornAfter("2024-02-30")).toThrow("day 30 is not 01-29 in 2024-02");
    expect(() => parseBornAfter("2024-13-01")).toThrow("month 13 is not 01-12");
    expect(() => parseBornAfter("1900-01-01")).toThrow("year 1900 is not 1970-9998");
    expect(() => isBornAfter("soon", parseBornAfter("2024-06-15"))).toThrow('invalid born day "soon"');
  });
});
