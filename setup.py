"""Build the optional C core of the double-dummy solver.

The extension is optional: where no C compiler is present the package still installs and
the solver falls back to its pure-Python reference (with a warning).

Flags beyond Python's own (`benchmarks/solver_instructions.py` counts what each saves):
- ``-fno-wrapv`` undoes Python's own ``-fwrapv`` (signed overflow wraps), which keeps the
  compiler from simplifying the search's integer arithmetic (with ``-mpopcnt``, 8% fewer
  instructions); the core never overflows a signed integer (its tests pass under
  ``-fsanitize=undefined``);
- ``-mpopcnt`` on x86-64 machines whose processor has the POPCNT instruction (every x86-64
  processor since about 2009): the solver counts cards at every node, and the portable
  build counts bits with shifts and masks;
- ``-mbmi2`` where the processor has BMI2 and runs its bit-gather instruction (``pext``)
  in hardware: the transposition table's key squeezes out the cards already played with
  two ``pext`` instead of eight table lookups (-4% time at the median, -6% at p99 of
  trump deals). AMD processors before Zen 3 (family 0x19) have BMI2 but microcode
  ``pext`` at tens of cycles, so they keep the table lookups.
The extension is built where it is installed, so the checks read this machine's processor.
"""

import platform
from pathlib import Path

from setuptools import Extension, setup


def _cpu() -> dict[str, str]:
    """The first processor's fields in /proc/cpuinfo on an x86-64 Linux machine, else {}."""
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return {}
    cpuinfo = Path("/proc/cpuinfo")
    if not cpuinfo.is_file():
        return {}
    fields: dict[str, str] = {}
    for line in cpuinfo.read_text(errors="replace").splitlines():
        if not line.strip():
            break
        name, _, value = line.partition(":")
        fields[name.strip()] = value.strip()
    return fields


def _machine_flags() -> list[str]:
    """The instruction-set flags this machine's processor runs fast (see the docstring)."""
    cpu = _cpu()
    flags = cpu.get("flags", "").split()
    out = []
    if "popcnt" in flags:
        out.append("-mpopcnt")
    slow_pext = cpu.get("vendor_id") == "AuthenticAMD" and int(cpu.get("cpu family", "0")) < 0x19
    if "bmi2" in flags and not slow_pext:
        out.append("-mbmi2")
    return out


setup(
    ext_modules=[
        Extension(
            "preferans.solver._dd",
            sources=["src/preferans/solver/_dd.c"],
            extra_compile_args=[
                "-O3",
                "-std=c11",
                "-fno-wrapv",
                *_machine_flags(),
            ],
            optional=True,
        )
    ]
)
