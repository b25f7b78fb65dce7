"""Build the optional C core of the double-dummy solver.

The extension is optional: where no C compiler is present the package still installs and
the solver falls back to its pure-Python reference (with a warning).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "preferans.solver._dd",
            sources=["src/preferans/solver/_dd.c"],
            extra_compile_args=["-O3", "-std=c11"],
            optional=True,
        )
    ]
)
