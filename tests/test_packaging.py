"""The project's own set-up files agree with each other (issue: foundation)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[ ;]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def pyproject_dependencies() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = {_name(req) for req in project["dependencies"]}
    for extra in project["optional-dependencies"].values():
        names |= {_name(req) for req in extra}
    return names


def conda_dependencies() -> set[str]:
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    names = set()
    for dep in env["dependencies"]:
        if isinstance(dep, str) and _name(dep) not in {"python", "pip"}:
            names.add(_name(dep))
        elif isinstance(dep, dict):  # packages only PyPI has, installed by pip
            names |= {_name(item) for item in dep["pip"] if not item.startswith("-e ")}
    return names


def test_environment_yml_names_every_pyproject_dependency_and_no_other():
    assert conda_dependencies() == pyproject_dependencies()


def test_environment_yml_installs_the_package_editable_with_the_makefile_extras():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    pip_items = next(dep["pip"] for dep in env["dependencies"] if isinstance(dep, dict))
    assert pip_items[-1] == "-e .[notebooks,test]"
    assert "-e '.[notebooks,test]'" in (ROOT / "Makefile").read_text()


def test_the_user_named_packages_are_dependencies():
    assert {"jupyterlab", "ipywidgets", "pandas", "matplotlib", "numpy", "nbval"} <= pyproject_dependencies()


def test_package_is_typed():
    assert (ROOT / "rulesengine" / "py.typed").is_file()


def test_ci_runs_exactly_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in readme.split("##")[0] or "make test" in readme[:1500]
    assert ci.strip().splitlines()[-1] == "make test"
