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


# Each module is imported alone: what it brought in (tutor's modules and Flask's) is taken out of
# sys.modules again before the next, so a module that loads Flask only through another is still caught.
_PROBE = """
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


def test_the_domain_never_loads_flask() -> None:
    names = domain_modules()
    assert len(names) > 50, names  # the walk found the package
    done = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(names)], capture_output=True, text=True, check=True)
    loads_flask = {name: found for name, found in json.loads(done.stdout).items() if found}
    assert loads_flask == {}, "these modules load Flask; only tutor/web, tutor/app.py and tutor/cli.py may"


def test_the_probe_sees_a_module_that_loads_flask() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(["tutor.web.db", "tutor.engine.tiles"])],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout) == {"tutor.web.db": True, "tutor.engine.tiles": False}


def test_few_modules_sit_directly_under_tutor() -> None:
    top = sorted(path.name for path in TUTOR.glob("*.py"))
    assert len(top) <= 10, top
