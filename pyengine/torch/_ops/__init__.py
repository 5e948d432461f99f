"""The ops: forward kernels with their derivative entries (see autograd/derivatives.py).

Modules by kind, as in ATen, each importing only those before it: ``_helpers`` (shared
plumbing), ``creation``, ``copy``, ``shape``, ``indexing``, ``joining``, ``pointwise``,
``reduction``, ``sorting``, ``softmax``, ``linalg`` (tests/engine/test_layers.py holds the order).
"""
