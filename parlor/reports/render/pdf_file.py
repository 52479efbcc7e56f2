"""PDF (reportlab's canvas): A4 landscape in IPA P Gothic, long tables over several pages with
their headings repeated on every page and rows never split.

WeasyPrint took about 7 ms a table row (68 s for a day of 1,000 games); drawing the laid-out
pages (render/pdf_layout.py) on the canvas takes a fraction of that.
"""

from __future__ import annotations

import io

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from parlor.reports.data import DailyReportData
from parlor.reports.render.pdf_font import report_font
from parlor.reports.render.pdf_layout import (
    BOTTOM,
    LEFT,
    PAGE_SIZE,
    PAGE_WIDTH,
    RIGHT,
    TOP,
    Align,
    Block,
    Page,
    Rule,
    Text,
    layout,
)
from parlor.reports.render.pdf_table import (
    CELL_SIZE,
    LEADING,
    MM,
    PAD_X,
    PAD_Y,
    Measure,
    RowStyle,
)
from parlor.security.text import REPLACEMENT, writer_safe

RUNNING_SIZE = 8.0  # the parlor, the title and the page number in the margins
GRID_GRAY = 0.6  # #999
HEAD_GRAY = 0.93  # #eee
TOTAL_GRAY = 0.95
MISSING_MARK = "\u3013"  # 〓
BOLD_STROKE = 0.035  # IPA Gothic has no bold: the type is stroked too, this much of its size


def _printable(text: str) -> str:
    """Typed text as the PDF draws it: a control character stored before the doors refused it
    prints as 〓 (geta, the typesetter's mark for a missing character), not as U+FFFD, which
    IPA P Gothic has no glyph for."""
    return writer_safe(text).replace(REPLACEMENT, MISSING_MARK)


def _text(canvas: Canvas, item: Text, font: str) -> None:
    canvas.saveState()  # the fill, the stroke and the text render mode are the page's state
    canvas.setFillGray(item.gray)
    text = canvas.beginText()
    text.setFont(font, item.size)
    if item.bold:
        canvas.setStrokeGray(item.gray)
        canvas.setLineWidth(BOLD_STROKE * item.size)
        text.setTextRenderMode(2)
    shown = _printable(item.text)  # the parlor's name, a section's note: typed text
    x = item.x
    if item.align is not Align.LEFT:
        width = canvas.stringWidth(shown, font, item.size)
        x -= width if item.align is Align.RIGHT else width / 2
    text.setTextOrigin(x, item.y)
    text.textOut(shown)
    canvas.drawText(text)
    canvas.restoreState()


def _grid(canvas: Canvas, block: Block) -> None:
    """The shading and the lines of a block."""
    edges = block.grid.edges
    left, right = edges[0], edges[-1]
    lines = []
    y = block.top
    for row in block.rows:
        if row.style is not RowStyle.BODY:
            canvas.setFillGray(HEAD_GRAY if row.style is RowStyle.HEAD else TOTAL_GRAY)
            canvas.rect(left, y - row.height, right - left, row.height, stroke=0, fill=1)
        lines.append((left, y, right, y))
        y -= row.height
    lines.append((left, y, right, y))
    lines.extend((x, block.top, x, y) for x in edges)
    canvas.setStrokeGray(GRID_GRAY)
    canvas.setLineWidth(0.4)
    canvas.lines(lines)


def _block(canvas: Canvas, block: Block, font: str, measure: Measure) -> None:
    canvas.saveState()
    _grid(canvas, block)
    edges = block.grid.edges
    canvas.setFillGray(0)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(BOLD_STROKE * CELL_SIZE)
    text = canvas.beginText()
    text.setFont(font, CELL_SIZE)
    # Where a cell's first baseline sits below the top of the cell.
    baseline = PAD_Y + (LEADING - CELL_SIZE) / 2 + measure.ascent * CELL_SIZE
    top = block.top
    for row in block.rows:
        text.setTextRenderMode(0 if row.style is RowStyle.BODY else 2)  # written on changes
        centred = row.style is RowStyle.HEAD
        for index, cell in enumerate(row.lines):
            left, right = edges[index], edges[index + 1]
            y = top - baseline
            for line in cell:
                if line:
                    if centred:
                        x = (left + right - measure(line)) / 2
                    elif row.numbers[index]:
                        x = right - PAD_X - measure(line)
                    else:
                        x = left + PAD_X
                    text.setTextOrigin(x, y)
                    text.textOut(_printable(line))
                y -= LEADING
        top -= row.height
    canvas.drawText(text)
    canvas.restoreState()


def _page(canvas: Canvas, items: Page, font: str, measure: Measure) -> None:
    for item in items:
        if isinstance(item, Block):
            _block(canvas, item, font, measure)
        elif isinstance(item, Text):
            _text(canvas, item, font)
        elif isinstance(item, Rule):
            canvas.saveState()
            canvas.setStrokeGray(0.2)
            canvas.setLineWidth(item.width)
            canvas.line(item.x0, item.y, item.x1, item.y)
            canvas.restoreState()


def _running(canvas: Canvas, data: DailyReportData, number: int, pages: int, font: str) -> None:
    """The parlor (top left), the title (top right) and "page / pages" at the foot."""
    header = TOP + 4 * MM
    for item in (
        Text(LEFT, header, data.parlor_name, RUNNING_SIZE, 0.33),
        Text(RIGHT, header, data.title, RUNNING_SIZE, 0.33, align=Align.RIGHT),
    ):
        _text(canvas, item, font)
    footer = BOTTOM - 8 * MM
    _text(
        canvas,
        Text(PAGE_WIDTH / 2, footer, f"{number} / {pages}", RUNNING_SIZE, 0.33, align=Align.CENTER),
        font,
    )


def render_pdf(data: DailyReportData) -> bytes:
    # Page streams are compressed and stay binary: reportlab's default also wraps them in
    # ASCII85 (for 7-bit channels), a fifth more bytes and time. Nothing else here uses reportlab.
    rl_config.useA85 = 0
    font = report_font()
    measure = Measure(font)
    pages = layout(data, measure)  # laid out first, so every page knows how many there are
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=PAGE_SIZE, pageCompression=1)
    canvas.setTitle(_printable(f"{data.title} {data.parlor_name}"))
    canvas.setCreator("tenbo")
    for number, items in enumerate(pages, start=1):
        _running(canvas, data, number, len(pages), font)
        _page(canvas, items, font, measure)
        canvas.showPage()
    canvas.save()
    return out.getvalue()
