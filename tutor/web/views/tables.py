"""Point tables, computed by the engine (never typed in)."""

from __future__ import annotations

from flask import Blueprint, render_template

from tutor.engine.points import LIMIT_BASE, base_points, payment, possible_cell
from tutor.engine.rules import TENHOU
from tutor.messages.catalogues import N_

bp = Blueprint("tables", __name__)

FU_ROWS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
HAN_COLUMNS = (1, 2, 3, 4)
TABLES = (
    ("non-dealer-ron", N_("Non-dealer, ron"), False, False),
    ("non-dealer-tsumo", N_("Non-dealer, tsumo (non-dealers / dealer)"), False, True),
    ("dealer-ron", N_("Dealer, ron"), True, False),
    ("dealer-tsumo", N_("Dealer, tsumo (each player)"), True, True),
)


@bp.get("/tables")
def tables() -> str:
    built = []
    for key, title, dealer, tsumo in TABLES:
        rows = []
        for fu in FU_ROWS:
            cells: list[tuple[str, bool] | None] = []
            for han in HAN_COLUMNS:
                if not possible_cell(han, fu, tsumo):
                    cells.append(None)
                    continue
                base, limit = base_points(han, fu, 0, TENHOU)
                cells.append((str(payment(base, dealer, tsumo)), limit == "mangan"))
            rows.append((fu, cells))
        built.append((key, title, rows))
    limits = []
    for name, han_text in (
        ("mangan", "5"),
        ("haneman", "6-7"),
        ("baiman", "8-10"),
        ("sanbaiman", "11-12"),
        ("yakuman", "13+"),
    ):
        base = LIMIT_BASE[name]
        limits.append((name, han_text, [str(payment(base, d, t)) for _, _, d, t in TABLES]))
    return render_template(
        "tables/tables.html", tables=built, han_columns=HAN_COLUMNS, limits=limits, headers=[t[1] for t in TABLES]
    )
