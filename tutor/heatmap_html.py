"""The cells of a class's skills heat map as HTML (for ``templates/partials/heatmap.html``).

A school-sized class fills tens of thousands of cells; one Jinja macro or loop body per cell costs more
than the page's queries, so the rows and the class totals are written here in one pass, escaped as the
template would have escaped them. The table around them (headings, the words a person reads) stays in
the template.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from .classroom.dashboard import Heatmap


def heat_rows(heat: Heatmap) -> Markup:
    """The heat map's body: a row per student, a cell per skill column (``right/done`` and its share)."""
    labels = [(skill, str(escape(label))) for skill, label in heat.skills]
    out: list[str] = []
    for someone, cells in heat.rows:
        name = str(escape(someone.display_name))
        out.append(f'\n    <tr><th scope="row">{name}</th>\n    ')
        for skill, label in labels:
            cell = cells.get(skill)
            if cell:
                done, right = cell
                out.append(
                    f'\n      <td class="cell" style="--share: {right / done:.2f}" title="{name} · {label}:'
                    f' {right}/{done}">{right}/{done}</td>\n    '
                )
            else:
                out.append('\n      <td class="cell empty"></td>\n    ')
        out.append("</tr>\n  ")
    return Markup("".join(out))


def heat_totals(heat: Heatmap) -> Markup:
    """The class's row: each skill column's share of right first tries, in percent."""
    out = []
    for skill, _label in heat.skills:
        done, right = heat.totals[skill]
        out.append(f'<td class="cell" style="--share: {right / done:.2f}">{int(round(right / done * 100))} %</td>')
    return Markup("".join(out))
