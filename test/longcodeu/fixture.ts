/**
 * A small hand-written LongCodeU release: two repositories of real-looking, multi-function Python
 * (an inventory service and a geometry library), each with a code context, the same code with
 * comments and docstrings removed (CU_SA), and numbered documentation (LDU), and one example of
 * every task per repository.
 *
 * The contexts are a few hundred tokens long, but their `tokens`/`bucket` are set by hand to put
 * the inventory contexts in 0-8K and the geometry ones in 8-16K: the release schema does not
 * recount tokens, and results must be shown per bucket without shipping 8K-token test files.
 *
 * Answers are cut out of the context texts (`unit`, `lineOf`), so they are exactly what the context
 * shows; the tests check a few of them by hand.
 */
import type { LongCodeURelease } from "../../src/benchmarks/longcodeu/dataset/index";

const file = (path: string, code: string) => `# file: ${path}\n${code.trim()}\n`;

const INVENTORY_MODELS = `
"""Data classes for the inventory service."""
from dataclasses import dataclass, field


@dataclass
class Item:
    sku: str
    name: str
    price: float
    quantity: int = 0
    tags: list = field(default_factory=list)

    def total_value(self):
        """Value of the stock of this item."""
        return self.price * self.quantity

    def restock(self, amount):
        # A restock never lowers the quantity.
        if amount <= 0:
            raise ValueError("amount must be positive")
        self.quantity += amount
        return self.quantity


def normalize_sku(raw):
    """Upper-case a SKU and strip separators."""
    sku = raw.strip().upper()
    sku = sku.replace("-", "")
    sku = sku.replace(" ", "")
    return sku


def parse_price(text):
    """Parse a price such as '$1,234.50' into a float rounded to cents."""
    cleaned = text.strip().lstrip("$")
    cleaned = cleaned.replace(",", "")
    return round(float(cleaned), 2)
`;

const INVENTORY_STORE = `
from inventory.models import Item, normalize_sku, parse_price


class Inventory:
    def __init__(self):
        self.items = {}

    def add(self, item):
        key = normalize_sku(item.sku)
        self.items[key] = item
        return key

    def find(self, sku):
        return self.items.get(normalize_sku(sku))


def load_rows(rows):
    """Build items from CSV rows of (sku, name, price, quantity)."""
    items = []
    for sku, name, price, quantity in rows:
        items.append(Item(normalize_sku(sku), name.strip(), parse_price(price), int(quantity)))
    return items


def build_inventory(rows):
    """Load CSV rows into a fresh inventory keyed by normalized SKU."""
    inventory = Inventory()
    for item in load_rows(rows):
        inventory.add(item)
    return inventory


def total_stock_value(inventory):
    # Sum in a float and round once, at the end.
    total = 0.0
    for item in inventory.items.values():
        total += item.total_value()
    return round(total, 2)


def low_stock(inventory, threshold=5):
    """Items whose quantity is below the threshold, fewest first."""
    result = [item for item in inventory.items.values() if item.quantity < threshold]
    result.sort(key=lambda item: item.quantity)
    return result
`;

const GEOMETRY_VECTORS = `
"""Plane geometry helpers."""
import math


def distance(a, b):
    """Euclidean distance between two points."""
    dx = b[0] - a[0]
    dy = b[1] - a[1]
    return math.hypot(dx, dy)


def midpoint(a, b):
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def rotate(point, angle, origin=(0.0, 0.0)):
    """Rotate a point counter-clockwise by angle radians around origin."""
    x = point[0] - origin[0]
    y = point[1] - origin[1]
    cos_a, sin_a = math.cos(angle), math.sin(angle)
    x, y = x * cos_a - y * sin_a, x * sin_a + y * cos_a
    return (x + origin[0], y + origin[1])
`;

const GEOMETRY_SHAPES = `
from geometry.vectors import distance, midpoint


class Polygon:
    def __init__(self, points):
        self.points = list(points)

    def perimeter(self):
        """Sum of the edge lengths, closing the ring."""
        total = 0.0
        for i, point in enumerate(self.points):
            total += distance(point, self.points[(i + 1) % len(self.points)])
        return total

    def area(self):
        return abs(shoelace(self.points)) / 2


def shoelace(points):
    """Twice the signed area of a polygon given by its vertices."""
    acc = 0.0
    n = len(points)
    for i in range(n):
        x1, y1 = points[i]
        x2, y2 = points[(i + 1) % n]
        acc += x1 * y2 - x2 * y1
    return acc


def centroid(points):
    """Mean of the vertices."""
    n = len(points)
    sx = sum(p[0] for p in points)
    sy = sum(p[1] for p in points)
    return (sx / n, sy / n)


def bounding_box(points):
    """Smallest axis-aligned box around the points, as (min_x, min_y, max_x, max_y)."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def edge_midpoints(points):
    """Midpoint of every edge of the closed ring."""
    mids = []
    for i, point in enumerate(points):
        mids.append(midpoint(point, points[(i + 1) % len(points)]))
    return mids
`;

/** Comments and docstrings removed, as the builder's `stripped` contexts are. */
function strip(code: string): string {
  return code
    .split("\n")
    .filter((l) => !/^\s*(#|""")/.test(l))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n\n");
}

const docs = (sections: string[]) => sections.map((text, i) => `${i + 1}\n<BEGIN>\n${text}\n<END>`).join("\n\n");

export const INVENTORY_CODE =
  file("inventory/models.py", INVENTORY_MODELS) + "\n" + file("inventory/store.py", INVENTORY_STORE);
export const INVENTORY_STRIPPED =
  file("inventory/models.py", strip(INVENTORY_MODELS)) + "\n" + file("inventory/store.py", strip(INVENTORY_STORE));
export const GEOMETRY_CODE =
  file("geometry/vectors.py", GEOMETRY_VECTORS) + "\n" + file("geometry/shapes.py", GEOMETRY_SHAPES);
export const GEOMETRY_STRIPPED =
  file("geometry/vectors.py", strip(GEOMETRY_VECTORS)) + "\n" + file("geometry/shapes.py", strip(GEOMETRY_SHAPES));

export const INVENTORY_DOCS_SECTIONS = [
  "normalize_sku(raw)\nUpper-case a stock keeping unit code and remove dashes and spaces, so that lookups ignore how the code was typed.",
  "parse_price(text)\nParse a price written with an optional dollar sign and thousands separators, such as $1,234.50, into a float rounded to cents.",
  "low_stock(inventory, threshold=5)\nReturn the items whose quantity is below the threshold, the item with the fewest units first.",
];
export const GEOMETRY_DOCS_SECTIONS = [
  "distance(a, b)\nReturn the Euclidean distance between two points given as (x, y) pairs.",
  "rotate(point, angle, origin=(0.0, 0.0))\nRotate a point counter-clockwise by angle radians around the origin point and return the new (x, y) pair.",
  "bounding_box(points)\nReturn the smallest axis-aligned box that contains every point, as (min_x, min_y, max_x, max_y).",
  "centroid(points)\nReturn the mean of the vertices of a polygon as an (x, y) pair.",
];

/**
 * The definition whose first line starts with `header` (after its indentation), up to the next line
 * indented no deeper, decorators left out. Whole lines, as the builder cuts units: a method keeps
 * its indentation.
 */
export function unit(text: string, header: string): string {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.trimStart().startsWith(header));
  if (start < 0) throw new Error(`fixture: no "${header}"`);
  const indent = lines[start].length - lines[start].trimStart().length;
  let end = start + 1;
  while (end < lines.length && (!lines[end].trim() || lines[end].length - lines[end].trimStart().length > indent))
    end++;
  while (!lines[end - 1].trim()) end--;
  return lines.slice(start, end).join("\n");
}

/** The 1-based line number of the first line after `after` whose trimmed text is `line`. */
export function lineOf(text: string, after: string, line: string): { line: number; text: string } {
  const lines = text.split("\n");
  const from = lines.findIndex((l) => l.trimStart().startsWith(after));
  const at = lines.findIndex((l, i) => i > from && l.trim() === line);
  if (from < 0 || at < 0) throw new Error(`fixture: no "${line}" after "${after}"`);
  return { line: at + 1, text: lines[at] };
}

/** The signature and docstring of a function: the T2 requirement. */
function requirement(text: string, header: string): string {
  return unit(text, header).split("\n").slice(0, 2).join("\n");
}

/** The docstring's text: the CU_SA requirement. */
function docstring(text: string, header: string): string {
  return /"""(.*)"""/.exec(unit(text, header).split("\n")[1])![1];
}

const u = (text: string, name: string, header = `def ${name}(`, qualified?: string, path?: string) => ({
  name,
  ...(qualified ? { qualified } : {}),
  ...(path ? { path } : {}),
  code: unit(text, header),
});

export function fixtureRelease(): LongCodeURelease {
  const inv = INVENTORY_CODE;
  const geo = GEOMETRY_CODE;
  return {
    format: "needlework/longcodeu-release@1",
    seed: 20250101,
    language: "python",
    build: {
      similarity: { kind: "lexical", name: "token-jaccard" },
      dataflow_rules: "assign@1",
      notes: ["Test fixture, written by hand."],
    },
    repos: [
      {
        repo: "acme/inventory",
        source: { path: "fixtures/inventory", commit: "0123456789abcdef0123456789abcdef01234567", license: "MIT" },
        contexts: [
          {
            id: "inventory-code",
            kind: "code",
            files: ["inventory/models.py", "inventory/store.py"],
            text: inv,
            tokens: 2100,
            bucket: "0-8K",
          },
          {
            id: "inventory-stripped",
            kind: "stripped",
            files: ["inventory/models.py", "inventory/store.py"],
            text: INVENTORY_STRIPPED,
            tokens: 1700,
            bucket: "0-8K",
          },
          {
            id: "inventory-docs",
            kind: "docs",
            files: ["docs/api.md"],
            text: docs(INVENTORY_DOCS_SECTIONS),
            tokens: 900,
            bucket: "0-8K",
          },
        ],
        examples: [
          {
            id: "CU_P-inventory-0001",
            task: "CU_P",
            context: "inventory-code",
            anchor: {},
            answer: {
              names: ["normalize_sku", "parse_price", "load_rows", "build_inventory", "total_stock_value", "low_stock"],
            },
          },
          {
            id: "CU_SA-inventory-0001",
            task: "CU_SA",
            context: "inventory-stripped",
            anchor: { requirement: docstring(inv, "def parse_price(") },
            answer: { units: [u(INVENTORY_STRIPPED, "parse_price", undefined, undefined, "inventory/models.py")] },
          },
          {
            id: "CU_DFA-inventory-0001",
            task: "CU_DFA",
            context: "inventory-code",
            anchor: { name: "total_stock_value", variable: "total" },
            answer: {
              lines: [
                lineOf(inv, "def total_stock_value(", "total = 0.0"),
                lineOf(inv, "def total_stock_value(", "total += item.total_value()"),
              ],
            },
          },
          {
            id: "DRA_T1-inventory-0001",
            task: "DRA_T1",
            context: "inventory-code",
            anchor: { name: "load_rows", code: unit(inv, "def load_rows(") },
            answer: { units: [u(inv, "normalize_sku"), u(inv, "parse_price")] },
            meta: { resolution: "tree-sitter call edges" },
          },
          {
            id: "DRA_T2-inventory-0001",
            task: "DRA_T2",
            context: "inventory-code",
            anchor: { name: "build_inventory", requirement: requirement(inv, "def build_inventory(") },
            answer: { units: [u(inv, "load_rows"), u(inv, "add", "def add(", "Inventory.add")] },
          },
          {
            id: "SRE_T1-inventory-0001",
            task: "SRE_T1",
            context: "inventory-code",
            anchor: { name: "total_stock_value", code: unit(inv, "def total_stock_value(") },
            answer: {
              units: [
                u(inv, "low_stock"),
                u(inv, "total_value", "def total_value(", "Item.total_value"),
                u(inv, "load_rows"),
                u(inv, "build_inventory"),
                u(inv, "Inventory", "class Inventory:"),
              ],
            },
            meta: { scores: [0.41, 0.38, 0.3, 0.27, 0.22] },
          },
          {
            id: "SRE_T2-inventory-0001",
            task: "SRE_T2",
            context: "inventory-code",
            anchor: { name: "parse_price", requirement: requirement(inv, "def parse_price(") },
            answer: {
              units: [u(inv, "normalize_sku"), u(inv, "load_rows"), u(inv, "restock", "def restock(", "Item.restock")],
            },
          },
          {
            id: "LDU-inventory-0001",
            task: "LDU",
            context: "inventory-docs",
            anchor: { name: "parse_price" },
            answer: { section: 2, text: INVENTORY_DOCS_SECTIONS[1] },
          },
        ],
      },
      {
        repo: "acme/geometry",
        source: {
          path: "fixtures/geometry",
          commit: "89abcdef0123456789abcdef0123456789abcdef",
          license: "Apache-2.0",
        },
        contexts: [
          {
            id: "geometry-code",
            kind: "code",
            files: ["geometry/vectors.py", "geometry/shapes.py"],
            text: geo,
            tokens: 9500,
            bucket: "8-16K",
          },
          {
            id: "geometry-stripped",
            kind: "stripped",
            files: ["geometry/vectors.py", "geometry/shapes.py"],
            text: GEOMETRY_STRIPPED,
            tokens: 9000,
            bucket: "8-16K",
          },
          {
            id: "geometry-docs",
            kind: "docs",
            files: ["docs/reference.md"],
            text: docs(GEOMETRY_DOCS_SECTIONS),
            tokens: 8300,
            bucket: "8-16K",
          },
        ],
        examples: [
          {
            id: "CU_P-geometry-0001",
            task: "CU_P",
            context: "geometry-code",
            anchor: {},
            answer: {
              names: ["distance", "midpoint", "rotate", "shoelace", "centroid", "bounding_box", "edge_midpoints"],
            },
          },
          {
            id: "CU_SA-geometry-0001",
            task: "CU_SA",
            context: "geometry-stripped",
            anchor: { requirement: docstring(geo, "def bounding_box(") },
            answer: { units: [u(GEOMETRY_STRIPPED, "bounding_box")] },
          },
          {
            id: "CU_DFA-geometry-0001",
            task: "CU_DFA",
            context: "geometry-code",
            anchor: { name: "rotate", variable: "x" },
            answer: {
              lines: [
                lineOf(geo, "def rotate(", "x = point[0] - origin[0]"),
                lineOf(geo, "def rotate(", "x, y = x * cos_a - y * sin_a, x * sin_a + y * cos_a"),
              ],
            },
          },
          {
            id: "DRA_T1-geometry-0001",
            task: "DRA_T1",
            context: "geometry-code",
            anchor: { name: "area", code: unit(geo, "def area(") },
            answer: { units: [u(geo, "shoelace")] },
          },
          {
            id: "DRA_T2-geometry-0001",
            task: "DRA_T2",
            context: "geometry-code",
            anchor: { name: "perimeter", requirement: requirement(geo, "def perimeter(") },
            answer: { units: [u(geo, "distance")] },
          },
          {
            id: "SRE_T1-geometry-0001",
            task: "SRE_T1",
            context: "geometry-code",
            anchor: { name: "centroid", code: unit(geo, "def centroid(") },
            answer: {
              units: [
                u(geo, "bounding_box"),
                u(geo, "edge_midpoints"),
                u(geo, "shoelace"),
                u(geo, "midpoint"),
                u(geo, "perimeter", "def perimeter(", "Polygon.perimeter"),
              ],
            },
          },
          {
            id: "SRE_T2-geometry-0001",
            task: "SRE_T2",
            context: "geometry-code",
            anchor: { name: "distance", requirement: requirement(geo, "def distance(") },
            answer: {
              units: [
                u(geo, "midpoint"),
                u(geo, "rotate"),
                u(geo, "perimeter", "def perimeter(", "Polygon.perimeter"),
                u(geo, "Polygon", "class Polygon:"),
                u(geo, "edge_midpoints"),
              ],
            },
          },
          {
            id: "LDU-geometry-0001",
            task: "LDU",
            context: "geometry-docs",
            anchor: { name: "bounding_box" },
            answer: { section: 3, text: GEOMETRY_DOCS_SECTIONS[2] },
          },
        ],
      },
    ],
  };
}
