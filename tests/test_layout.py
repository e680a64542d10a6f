"""The tree shows the architecture: Flask stays in the web folder, the engine stays pure, the top stays small.

Only ``tutor/web/``, the app factory (``tutor/app.py``) and the command line (``tutor/cli.py``) may load
Flask; every other module is the domain, usable from a script, a test or a worker without a web app.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

TUTOR = Path(__file__).resolve().parents[1] / "tutor"
FLASK_ALLOWED = ("tutor.web", "tutor.app", "tutor.cli", "tutor.__main__")


def module_names() -> list[str]:
    names = []
    for path in sorted(TUTOR.rglob("*.py")):
        parts = path.relative_to(TUTOR.parent).with_suffix("").parts
        names.append(".".join(parts).removesuffix(".__init__"))
    return names


def domain_modules() -> list[str]:
    return [name for name in module_names() if not name.startswith(FLASK_ALLOWED)]


_ALL_AT_ONCE = """
import json, sys
for name in json.loads(sys.argv[1]):
    __import__(name)
print(json.dumps("flask" in sys.modules))
"""

# Each module imported alone: what it brought in (tutor's modules and Flask's) is taken out of sys.modules
# again before the next, so the module that loads Flask is named even when it does so through another.
_ONE_BY_ONE = """
import json, sys
found = {}
for name in json.loads(sys.argv[1]):
    before = set(sys.modules)
    __import__(name)
    found[name] = "flask" in sys.modules
    for loaded in set(sys.modules) - before:
        if loaded.split(".")[0] in ("tutor", "flask", "werkzeug", "jinja2", "itsdangerous", "click", "blinker"):
            del sys.modules[loaded]
print(json.dumps(found))
"""


def _probe(script: str, names: list[str]) -> object:
    done = subprocess.run([sys.executable, "-c", script, json.dumps(names)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_the_domain_never_loads_flask() -> None:
    names = domain_modules()
    assert len(names) > 50, names  # the walk found the package
    # Importing them all loads the union of what each loads: one process answers for every module, and only
    # when Flask is there are they imported one by one to name the culprits.
    if _probe(_ALL_AT_ONCE, names):
        culprits = _probe(_ONE_BY_ONE, names)
        assert isinstance(culprits, dict)
        assert [name for name, loads in culprits.items() if loads] == [], "only tutor/web, app.py and cli.py may"


def test_the_probes_see_a_module_that_loads_flask() -> None:
    assert _probe(_ALL_AT_ONCE, ["tutor.engine.tiles"]) is False
    assert _probe(_ALL_AT_ONCE, ["tutor.engine.tiles", "tutor.web.db"]) is True
    assert _probe(_ONE_BY_ONE, ["tutor.web.db", "tutor.engine.tiles"]) == {
        "tutor.web.db": True,
        "tutor.engine.tiles": False,
    }


def test_few_modules_sit_directly_under_tutor() -> None:
    top = sorted(path.name for path in TUTOR.glob("*.py"))
    assert len(top) <= 10, top
