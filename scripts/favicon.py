#!/usr/bin/env python3
"""The site's icon (src/routes/pages/favicon.ts): a white needle and its amber thread on the pages' accent
blue, 32x32, drawn with 4x4 supersampling and stored as a PNG inside an ICO container.
Prints the ICO as base64 (the constant in src/routes/pages/favicon.ts); `--png <file>` also writes the PNG.
Python's standard library only: python3 scripts/favicon.py
"""
import base64, math, struct, sys, zlib

N, SS = 32, 4
ACCENT, WHITE, THREAD = (0x0B, 0x5C, 0xAD), (255, 255, 255), (0xF5, 0xB8, 0x41)
TIP, EYE = (7.0, 25.0), (24.0, 8.0)


def seg_dist(px, py, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((px - a[0]) * dx + (py - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - a[0] - t * dx, py - a[1] - t * dy), t


def along(t):
    return (TIP[0] + t * (EYE[0] - TIP[0]), TIP[1] + t * (EYE[1] - TIP[1]))


def colour(x, y):
    r = 7  # corner radius of the tile
    cx, cy = min(max(x, r), N - r), min(max(y, r), N - r)
    if math.hypot(x - cx, y - cy) > r:
        return None
    d, t = seg_dist(x, y, TIP, EYE)
    if d <= 0.6 + 1.6 * t and seg_dist(x, y, along(0.86), along(0.94))[0] > 0.75:  # tapered body, minus the eye
        return WHITE
    curve = [(21.5 + 5.5 * s + 2.0 * math.sin(s * math.pi), 10.5 + 14 * s) for s in (i / 40 for i in range(41))]
    if min(seg_dist(x, y, p, q)[0] for p, q in zip(curve, curve[1:])) <= 0.9:
        return THREAD
    return ACCENT


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


rows = []
for j in range(N):
    row = bytearray([0])  # filter: none
    for i in range(N):
        samples = [colour(i + (si + 0.5) / SS, j + (sj + 0.5) / SS) for sj in range(SS) for si in range(SS)]
        inside = [c for c in samples if c]
        if not inside:
            row += bytes(4)
            continue
        row += bytes([sum(c[k] for c in inside) // len(inside) for k in range(3)] + [255 * len(inside) // len(samples)])
    rows.append(bytes(row))
png = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", N, N, 8, 6, 0, 0, 0)) + png_chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + png_chunk(b"IEND", b"")
ico = struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", N, N, 0, 0, 1, 32, len(png), 22) + png
if "--png" in sys.argv:
    open(sys.argv[sys.argv.index("--png") + 1], "wb").write(png)
print(base64.b64encode(ico).decode())
