# A legend with nothing labelled warns as matplotlib warns (tests/test_pyodide_matplotlib.py compares stderr).
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
plt.plot([1])
plt.legend()
