# SPDX-License-Identifier: MIT
"""The package as Python tools see it: `pip install .` through
meson-python into a fresh virtual environment (a wheel built, the
distribution's metadata installed, the extension carrying the library),
and the types: `mypy --strict` over the package and the samples, and the
stub of the C layer against the extension itself (mypy's stubtest).

Each needs a Debian package of tools/packages-test.txt (python3-venv,
python3-mesonpy, mypy); without one the test is skipped, except under CI
(CI=true), where it fails."""
import glob
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import zipfile

import pytest

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
# The distribution's name: "mazegen" on PyPI is another project's.
DIST = "pymazegen"


def need(module, package):
    """Skips (fails under CI) when module cannot be imported."""
    if importlib.util.find_spec(module) is not None:
        return
    why = f"{module} not importable: install {package} " \
        "(tools/packages-test.txt)"
    if os.environ.get("CI") == "true":
        pytest.fail(why)
    pytest.skip(why)


def project_version():
    text = open(os.path.join(SOURCE, "meson.build")).read()
    return re.search(r"project\('mazegen'.*?version : '([^']+)'", text,
                     re.S).group(1)


def copy_source(dest):
    """The source tree without build directories or git's: what pip is
    given is what a fresh clone holds, and nothing is left in the tree."""
    def ignore(d, names):
        return [n for n in names
                if n == ".git" or n.startswith(".mesonpy")
                or os.path.isdir(os.path.join(d, n, "meson-private"))]
    shutil.copytree(SOURCE, dest, ignore=ignore, symlinks=True)


def clean_env(**extra):
    """The environment without what points Python or pip elsewhere: the
    build tree's PYTHONPATH, the machine's pip configuration."""
    env = {k: v for k, v in os.environ.items()
           if k != "PYTHONPATH" and not k.startswith("PIP_")}
    env.update(PIP_CONFIG_FILE=os.devnull, PIP_NO_INDEX="1",
               PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_CACHE_DIR="1",
               **extra)
    return env


def test_pip_install_in_venv(tmp_path):
    """pip builds a wheel of the source with meson-python (offline: no
    build isolation, which would fetch meson-python from PyPI) and
    installs it into a fresh virtual environment: the package imports
    from there without the build tree or an installed libmazegen, its
    metadata names the project's version, and it draws."""
    need("ensurepip", "python3-venv")
    need("mesonpy", "python3-mesonpy")
    src = tmp_path / "src"
    copy_source(src)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages",
                    str(venv)], check=True, timeout=300, env=clean_env())
    python = str(venv / "bin" / "python")
    wheels = tmp_path / "wheels"
    build = subprocess.run(
        [python, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps",
         "-w", str(wheels), str(src)],
        env=clean_env(), timeout=900, capture_output=True, text=True)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    wheel = glob.glob(str(wheels / f"{DIST}-{project_version()}-*.whl"))
    assert len(wheel) == 1, os.listdir(wheels)
    # The wheel holds the package and its metadata alone: no command, no
    # headers, no shared library to be found by an rpath.
    base = f"{DIST}-{project_version()}"
    names = [n[len(base + ".data/purelib/"):]
             if n.startswith(base + ".data/purelib/") else n
             for n in zipfile.ZipFile(wheel[0]).namelist()]
    tops = {n.split("/")[0] for n in names}
    assert tops == {"mazegen", f"{base}.dist-info"}
    assert {"mazegen/__init__.py", "mazegen/_options.py", "mazegen/py.typed",
            "mazegen/_mazegen.pyi"} <= set(names)
    assert any(re.fullmatch(r"mazegen/_mazegen\..*\.so", n) for n in names)
    install = subprocess.run(
        [python, "-m", "pip", "install", wheel[0]], env=clean_env(),
        timeout=300, capture_output=True, text=True)
    assert install.returncode == 0, install.stdout + install.stderr

    code = f"""
import importlib.metadata, os, sys, xml.etree.ElementTree as ET
import mazegen
assert mazegen.__file__.startswith(sys.prefix), mazegen.__file__
assert importlib.metadata.version({DIST!r}) == mazegen.__version__
m = mazegen.Maze.generate(6, 5, seed=3)
assert ET.fromstring(m.to_bytes("svg")).get("viewBox")
assert m.to_bytes("png")[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
print(importlib.metadata.version({DIST!r}), m.passage_count)
"""
    run = subprocess.run([python, "-c", code], cwd=tmp_path, env=clean_env(),
                         timeout=120, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [project_version(), "29"]
    # The library is linked into the extension, not looked up beside it.
    ext = glob.glob(str(venv / "lib" / "python3*" / "site-packages" /
                        "mazegen" / "_mazegen*.so"))
    assert len(ext) == 1
    if shutil.which("readelf"):
        dynamic = subprocess.run(["readelf", "-d", ext[0]], check=True,
                                 capture_output=True, text=True).stdout
        assert "libmazegen" not in dynamic


def test_mypy_strict(tmp_path):
    """mypy --strict finds nothing in the package or in the samples."""
    need("mypy", "mypy")
    sources = [os.path.join(SOURCE, "python", "mazegen"),
               *sorted(glob.glob(os.path.join(SOURCE, "samples", "*.py")))]
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir",
         str(tmp_path / "cache"), *sources],
        cwd=tmp_path, timeout=600, capture_output=True, text=True,
        env=clean_env(MYPYPATH=os.path.join(SOURCE, "python")))
    assert run.returncode == 0, run.stdout + run.stderr


def test_stub_matches_extension(tmp_path):
    """The stub of the C layer (_mazegen.pyi) names what the extension
    has, as stubtest sees the built module."""
    need("mypy", "mypy")
    import mazegen._mazegen
    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "mazegen._mazegen"],
        cwd=tmp_path, timeout=600, capture_output=True, text=True,
        env=dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(
            mazegen._mazegen.__file__))))
    assert run.returncode == 0, run.stdout + run.stderr
