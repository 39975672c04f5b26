"""Builds that do not drift: the image's base pinned by digest, every dependency at the version
the tests passed with (constraints.txt), used by CI and the image, and a licence that ships."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
DIGEST = re.compile(r"@sha256:[0-9a-f]{64}$")


def pins() -> dict[str, str]:
    found = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"not an exact pin: {line}"
            found[canonicalize_name(name)] = version
    return found


def declared() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    names = [
        *project["project"]["dependencies"],
        *(r for extra in project["project"]["optional-dependencies"].values() for r in extra),
        *project["build-system"]["requires"],
    ]
    return [Requirement(r) for r in names]


def test_the_image_base_is_pinned_by_digest() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    base = re.search(r"^ARG BASE=(\S+)$", dockerfile, re.M)
    assert base is not None and DIGEST.search(base.group(1)), "BASE is not pinned by digest"
    froms = re.findall(r"^FROM (\S+)", dockerfile, re.M)
    assert froms and all(f == "${BASE}" for f in froms)


def test_every_dependency_is_pinned_and_the_pins_meet_pyproject() -> None:
    pinned = pins()
    for requirement in declared():
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"{requirement.name} is not in constraints.txt"
        assert requirement.specifier.contains(pinned[name], prereleases=True), (
            f"constraints.txt pins {requirement.name}=={pinned[name]}, outside {requirement}"
        )


def test_the_tests_run_with_the_pinned_versions() -> None:
    """What this suite runs with is what the lock says: a dependency moved on without the lock
    (or the lock without the environment) fails here."""
    drift = []
    for name, version in pins().items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            drift.append(f"{name} {version} is not installed")
            continue
        if installed != version:
            drift.append(f"{name} is {installed}, the lock says {version}")
    assert drift == []


def test_ci_and_the_image_install_through_the_lock() -> None:
    assert 'PIP_CONSTRAINT="$PWD/constraints.txt"' in (ROOT / ".ci" / "run").read_text()
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert dockerfile.count("PIP_CONSTRAINT=") == 2  # the wheel's build and its install


def test_the_licence_is_declared_and_ships() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert "COPY constraints.txt LICENSE" in (ROOT / "Dockerfile").read_text()
