"""A small line chart for the terminal, drawn with box-drawing characters.

`layout` places several series on one character grid (no colours, no Rich),
so it can be tested as plain data; `score_cmd` colours and prints it.
Each series is a step line: `─` where the value holds, `╭╯` / `╮╰` with `│`
between where it rises or falls, as in the classic asciichart.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Layout:
    width: int
    height: int
    lo: int
    hi: int
    cells: list[list[tuple[str, int] | None]]  # cells[row][col], row 0 at the top; (char, series index)
    sample: list[int]  # the point index shown in each column

    def row_value(self, row: int) -> float:
        """The value a row stands for (row 0 is the top)."""
        if self.height == 1:
            return float(self.hi)
        return self.lo + (self.hi - self.lo) * (self.height - 1 - row) / (self.height - 1)

    def text_rows(self) -> list[str]:
        return ["".join(c[0] if c else " " for c in r) for r in self.cells]


def columns_for(n: int, max_width: int, min_width: int = 40) -> int:
    """How many columns to draw n points in: stretched up to min_width, squeezed down to max_width."""
    return max(1, min(max_width, max(n, min_width)))


STEPS = (10, 15, 20, 25, 30, 40, 50, 60, 80)  # tenths: 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k


def nice_step(raw: float) -> int:
    """The smallest whole 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10^k that is at least `raw`."""
    k = 1
    while True:
        for m in STEPS:
            if (m * k) % 10 == 0 and m * k // 10 >= raw:
                return m * k // 10
        k *= 10


def layout(series: list[list[int]], width: int, height: int) -> Layout:
    """Lay out the series (all of the same length n ≥ 1) on a grid `width` wide and at most `height` high.

    Rows are a round step apart (see nice_step), starting at a
    multiple of the step, so the axis labels are round numbers and a value
    on a label is drawn on that label's row.

    Column c shows point ((c + 1) * n - 1) // width: with fewer points than
    columns each point gets an equal run of columns; with more, each column
    shows the last point of its share, so the last column is always the
    final value. Later series are drawn over earlier ones where they cross.
    """
    n = len(series[0]) if series else 0
    if n == 0 or width < 1 or height < 1:
        raise ValueError("nothing to draw")
    vmin = min(min(s) for s in series)
    vmax = max(max(s) for s in series)
    if vmax == vmin:
        step = nice_step(max(1, abs(vmax) / 10))
        lo, height = vmin - step, min(height, 3)
    else:
        step = nice_step((vmax - vmin) / max(1, height - 1))
        while -(-(vmax - (vmin // step) * step) // step) + 1 > height:
            step = nice_step(step + 1)
        lo = (vmin // step) * step
        height = -(-(vmax - lo) // step) + 1
    hi = lo + step * (height - 1)
    span = hi - lo
    sample = [((c + 1) * n - 1) // width for c in range(width)]
    cells: list[list[tuple[str, int] | None]] = [[None] * width for _ in range(height)]

    def row(v: int) -> int:  # 0 at the bottom
        if span == 0 or height == 1:
            return (height - 1) // 2
        return round((v - lo) * (height - 1) / span)

    def put(r: int, c: int, ch: str, k: int) -> None:
        cells[height - 1 - r][c] = (ch, k)

    for k, s in enumerate(series):
        prev: int | None = None
        for c in range(width):
            r = row(s[sample[c]])
            if prev is None or r == prev:
                put(r, c, "─", k)
            elif r > prev:
                put(prev, c, "╯", k)
                for y in range(prev + 1, r):
                    put(y, c, "│", k)
                put(r, c, "╭", k)
            else:
                put(prev, c, "╮", k)
                for y in range(r + 1, prev):
                    put(y, c, "│", k)
                put(r, c, "╰", k)
            prev = r
    return Layout(width, height, lo, hi, cells, sample)
