"""Record what real numpy 2.x prints for each numpy parity program (tests/numpy_parity/programs/)
into tests/numpy_parity/expected.json, the browser's numpy's oracle.

numpy runs on its x86-64-v3 (AVX2) paths: on an AVX-512 machine it would take float64 pow, exp,
sin ... from its SIMD library, which is not correctly rounded, so its last bits would depend on the
recording machine; below AVX-512 numpy calls libm (glibc), as the browser's numpy emulates.

    .venv/bin/python tests/gen/gen_numpy.py"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PARITY = os.path.join(ROOT, "tests", "numpy_parity")


def main():
    import numpy
    env = dict(os.environ, NPY_DISABLE_CPU_FEATURES="X86_V4")
    outputs = json.loads(subprocess.run([sys.executable, os.path.join(PARITY, "run_all.py")], check=True,
                                        capture_output=True, text=True, env=env).stdout)
    with open(os.path.join(PARITY, "expected.json"), "w") as file:
        json.dump({"numpy": numpy.__version__, "outputs": outputs}, file, indent=1, sort_keys=True)
        file.write("\n")
    print(f"{len(outputs)} programs under numpy {numpy.__version__}")


if __name__ == "__main__":
    main()
