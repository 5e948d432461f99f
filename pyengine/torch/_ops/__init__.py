"""The ops: forward kernels with their derivative entries (see autograd/derivatives.py).

Modules by kind, as in ATen: ``pointwise``, ``reduction``, ``shape``, ``creation``.
"""
